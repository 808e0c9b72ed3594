/**
 * pb_hooks/lib/limits.js: who counts as one sender for the guest submission limit (issue 29, finding 7).
 * Evaluated as CommonJS in a fresh V8 context, as in PocketBase's goja runtime.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import vm from 'node:vm';
import { describe, expect, it } from 'vitest';

const SOURCE_PATH = fileURLToPath(new URL('../../../pb_hooks/lib/limits.js', import.meta.url));

function load(): { senderOf(ip: string): string } {
  const module = { exports: {} as unknown };
  const require = () => ({ env: (_: string, fallback: string) => fallback });
  vm.runInNewContext(readFileSync(SOURCE_PATH, 'utf8'), { module, exports: module.exports, require, __hooks: '' }, { filename: SOURCE_PATH });
  return module.exports as { senderOf(ip: string): string };
}

describe('the sender a submission limit counts', () => {
  const { senderOf } = load();

  it('is an IPv4 address as it is, also when mapped into IPv6', () => {
    expect(senderOf('203.0.113.7')).toBe('203.0.113.7');
    expect(senderOf('::ffff:203.0.113.7')).toBe('203.0.113.7');
  });

  it('29.7: is an IPv6 address’s /64, so rotating addresses within one network counts as one sender', () => {
    const one = senderOf('2001:db8:1:2:aaaa:bbbb:cccc:dddd');
    expect(one).toBe('2001:db8:1:2::/64');
    for (const ip of ['2001:db8:1:2::1', '2001:0db8:0001:0002:ffff::', '2001:DB8:1:2:0:0:0:9%eth0']) expect(senderOf(ip), ip).toBe(one);
    expect(senderOf('2001:db8:1:3::1')).not.toBe(one);
    expect(senderOf('::1')).toBe('0:0:0:0::/64');
    expect(senderOf('2001:db8::')).toBe('2001:db8:0:0::/64');
  });
});
