import { HStack, RadioGroup, Stack } from '@chakra-ui/react';

interface RadioChoicesProps<T extends string> {
  /** The group's accessible name. */
  label: string;
  value: T;
  onChange: (value: T) => void;
  /** Each choice's value and words, in order. */
  choices: readonly (readonly [T, string])[];
  /** Side by side (short choices) rather than one a line. */
  inline?: boolean;
}

/** One of a few choices the form offers, as radio buttons. */
export function RadioChoices<T extends string>({ label, value, onChange, choices, inline }: RadioChoicesProps<T>) {
  const Layout = inline ? HStack : Stack;
  return (
    <RadioGroup.Root value={value} onValueChange={(details) => onChange(details.value as T)} size="sm" aria-label={label}>
      <Layout gap={inline ? 4 : 2} wrap="wrap">
        {choices.map(([choice, words]) => (
          <RadioGroup.Item key={choice} value={choice}>
            <RadioGroup.ItemHiddenInput />
            <RadioGroup.ItemIndicator />
            <RadioGroup.ItemText>{words}</RadioGroup.ItemText>
          </RadioGroup.Item>
        ))}
      </Layout>
    </RadioGroup.Root>
  );
}
