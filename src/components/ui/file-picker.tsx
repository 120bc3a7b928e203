import { Box, chakra, Icon, Stack, Text } from '@chakra-ui/react';
import { FileText, Upload } from 'lucide-react';
import { useId, useRef, useState, type DragEvent } from 'react';
import { formatFileSize } from '../../lib/number-format.ts';


export interface FilePickerProps {
  /** The input's accessible name and the drop area's title ("Upload a weather file"). */
  label: string;
  /** What the input accepts: extensions or MIME types, as the `accept` attribute takes them. */
  accept?: readonly string[];
  /** The accepted types in words ("PNG, JPEG or WebP"). */
  typesLabel: string;
  /** The size limit; a larger file is refused here, before it is sent. */
  maxBytes: number;
  disabled?: boolean;
  onFile: (file: File) => void;
}

/**
 * The app's one way to choose a file: a bordered drop area naming the accepted types and size limit, then the chosen
 * file's name and size. A real, visually hidden <input type="file"> carries the label, takes the keyboard focus (Enter
 * or Space opens the browser's picker) and is what tests fill with setInputFiles. The input is cleared after each
 * choice, so the same file can be chosen again after a refusal.
 */
export function FilePicker({ label, accept, typesLabel, maxBytes, disabled, onFile }: FilePickerProps) {
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const [chosen, setChosen] = useState<File | null>(null);
  const [tooLarge, setTooLarge] = useState<string | null>(null);
  const [over, setOver] = useState(false);
  const limit = formatFileSize(maxBytes);

  const take = (file: File | undefined) => {
    if (!file || disabled) return;
    setChosen(file);
    if (file.size > maxBytes) {
      setTooLarge(`${file.name} is ${formatFileSize(file.size)}; the file must be at most ${limit}.`);
      return;
    }
    setTooLarge(null);
    onFile(file);
  };
  const drop = (event: DragEvent) => {
    event.preventDefault();
    setOver(false);
    take(event.dataTransfer.files[0]);
  };

  return (
    <Stack gap={2}>
      <chakra.label
        htmlFor={id}
        position="relative"
        display="flex"
        flexDirection={{ base: 'column', sm: 'row' }}
        alignItems="center"
        gap={3}
        px={4}
        py={4}
        borderWidth="2px"
        borderStyle="dashed"
        borderColor={over ? 'colorPalette.solid' : 'border'}
        bg={over ? 'colorPalette.subtle' : 'bg.subtle'}
        colorPalette="orange"
        rounded="lg"
        cursor={disabled ? 'not-allowed' : 'pointer'}
        opacity={disabled ? 0.6 : 1}
        textAlign={{ base: 'center', sm: 'start' }}
        transition="border-color 0.15s, background 0.15s"
        _hover={disabled ? undefined : { borderColor: 'colorPalette.solid' }}
        _focusWithin={{ outline: '2px solid', outlineColor: 'colorPalette.focusRing', outlineOffset: '2px' }}
        onDragOver={(event) => {
          event.preventDefault();
          if (!disabled) setOver(true);
        }}
        onDragLeave={() => setOver(false)}
        onDrop={drop}
      >
        <Box as="span" display="flex" alignItems="center" justifyContent="center" boxSize="10" flexShrink={0} rounded="full" bg="colorPalette.muted" color="colorPalette.fg">
          <Icon asChild boxSize="5">
            <Upload aria-hidden />
          </Icon>
        </Box>
        <Stack as="span" gap={0.5} minW={0}>
          <Text as="span" fontWeight="medium" fontSize="sm">
            {label}
          </Text>
          <Text as="span" fontSize="sm" color="fg.muted">
            Choose a file or drop it here
          </Text>
          <Text as="span" id={`${id}-hint`} fontSize="xs" color="fg.muted">
            {typesLabel}, at most {limit}
          </Text>
        </Stack>
        <input
          id={id}
          ref={input}
          type="file"
          aria-label={label}
          aria-describedby={`${id}-hint`}
          accept={accept?.join(',')}
          disabled={disabled}
          onChange={(event) => {
            take(event.target.files?.[0]);
            event.target.value = '';
          }}
          // Visually hidden but focusable: the drop area shows its focus ring.
          style={{ position: 'absolute', width: 1, height: 1, padding: 0, margin: -1, overflow: 'hidden', clip: 'rect(0, 0, 0, 0)', whiteSpace: 'nowrap', border: 0 }}
        />
      </chakra.label>
      {chosen && (
        <Box display="flex" alignItems="center" gap={2} fontSize="sm" minW={0} data-testid="file-picker-chosen">
          <Icon asChild boxSize="4" color="fg.muted" flexShrink={0}>
            <FileText aria-hidden />
          </Icon>
          <Text as="span" truncate minW={0}>
            {chosen.name}
          </Text>
          <Text as="span" color="fg.muted" flexShrink={0}>
            {formatFileSize(chosen.size)}
          </Text>
        </Box>
      )}
      {tooLarge && (
        <Text color="fg.error" fontSize="sm" role="alert">
          {tooLarge}
        </Text>
      )}
    </Stack>
  );
}
