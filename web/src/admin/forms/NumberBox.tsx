import { Input, type InputProps } from 'antd';

/**
 * A number typed as text and kept exactly as typed: the shared schema then says what is wrong
 * ("abc" or "1e3x" is not a number, a negative or a fraction where whole numbers are required).
 * antd's InputNumber parsed such text on its own, turning "abc" into an empty (required) field
 * and "1e3x" into 1000; no min or precision either, which would rewrite 0 days to 1.
 */
export function NumberBox({ whole = false, ...props }: Omit<InputProps, 'inputMode'> & { whole?: boolean }) {
  return <Input {...props} inputMode={whole ? 'numeric' : 'decimal'} autoComplete="off" />;
}
