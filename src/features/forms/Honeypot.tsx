/**
 * The honeypot input (shared/honeypot.ts): off-screen rather than display:none (which bots skip),
 * hidden from screen readers, out of the tab order and never autofilled. Its label is for bots only,
 * so it is not translated.
 */
import { HONEYPOT_FIELD } from '../../../shared/honeypot.ts';

const OFF_SCREEN = { position: 'absolute', left: '-10000px', top: 'auto', width: 1, height: 1, overflow: 'hidden' } as const;

export function Honeypot({ value, onChange }: { value: string; onChange: (v: string) => void }) {
  return (
    <div aria-hidden="true" style={OFF_SCREEN}>
      <label>
        Homepage
        <input type="text" name={HONEYPOT_FIELD} tabIndex={-1} autoComplete="off" value={value} onChange={(e) => onChange(e.target.value)} />
      </label>
    </div>
  );
}
