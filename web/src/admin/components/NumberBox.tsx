import { Input, type InputProps } from 'antd';
import { useState } from 'react';
import { useAdminI18n } from '../i18n.js';
import { fromTyped, toShown } from './typed-number.js';

type NumberBoxProps = Omit<InputProps, 'inputMode' | 'value' | 'onChange'> & {
  whole?: boolean;
  /** As the form keeps it (antd's Form.Item passes it): the schema's number text. */
  value?: string | number | null;
  onChange?: (value: string) => void;
};

/**
 * A number typed as text and kept exactly as typed: the shared schema then says what is wrong
 * ("abc" or "1e3x" is not a number, a negative or a fraction where whole numbers are required).
 * antd's InputNumber parsed such text on its own, turning "abc" into an empty (required) field
 * and "1e3x" into 1000; no min or precision either, which would rewrite 0 days to 1.
 * In Portuguese it reads and shows numbers as Portuguese writes them ("1.500,25", typed-number.ts).
 */
export function NumberBox({ whole = false, value, onChange, ...props }: NumberBoxProps) {
  const { language } = useAdminI18n();
  const [typed, setTyped] = useState<string>();
  const stored = value == null ? '' : String(value);
  // The text as typed while it still means the form's value; a value set otherwise (loaded, reset) in the reader's way.
  const shown = typed !== undefined && fromTyped(typed, language) === stored ? typed : toShown(stored, language);
  return (
    <Input
      {...props}
      value={shown}
      onChange={(event) => {
        setTyped(event.target.value);
        onChange?.(fromTyped(event.target.value, language));
      }}
      inputMode={whole ? 'numeric' : 'decimal'}
      autoComplete="off"
    />
  );
}
