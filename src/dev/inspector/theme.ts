/** The panel's own colours: a dark tool panel that reads the same over the app's light and dark modes. */
export const colors = {
  panel: '#1d1f24',
  raised: '#272a31',
  border: '#3d414b',
  text: '#e4e6eb',
  muted: '#9aa1ad',
  key: '#8ab4f8',
  string: '#a8d89b',
  number: '#f2c879',
  active: '#f5a623',
  activeFill: '#4a3512',
  edge: '#8d94a1',
  danger: '#f28b82',
} as const;

export const monospace = 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace';

export const buttonStyle = {
  background: colors.raised,
  color: colors.text,
  border: `1px solid ${colors.border}`,
  borderRadius: 4,
  padding: '3px 8px',
  font: `12px ${monospace}`,
  cursor: 'pointer',
} as const;
