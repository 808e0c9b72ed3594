/** stripe-mock (built by scripts/install-stripe-mock.sh) on a free loopback port, and Stripe-style webhook signatures. */
import { spawn, execFileSync, type ChildProcess } from 'node:child_process';
import { createHmac } from 'node:crypto';
import { join } from 'node:path';
import { freePort, ROOT } from './pocketbase.ts';

export interface StripeMock {
  url: string;
  stop(): Promise<void>;
}

export async function startStripeMock(): Promise<StripeMock> {
  execFileSync('bash', [join(ROOT, 'scripts/install-stripe-mock.sh')], { stdio: 'inherit' });
  const port = await freePort();
  const child: ChildProcess = spawn(join(ROOT, 'bin/stripe-mock'), ['-http-addr', `127.0.0.1:${port}`], { stdio: 'ignore' });
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 20_000;
  for (;;) {
    const up = await fetch(`${url}/v1/charges`, { headers: { authorization: 'Bearer sk_test_123' } }).then((r) => r.status < 500, () => false);
    if (up) break;
    if (Date.now() > deadline || child.exitCode !== null) throw new Error('stripe-mock did not start');
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    url,
    stop: () =>
      new Promise<void>((ok) => {
        if (child.exitCode !== null || child.signalCode !== null) return ok(); // already stopped
        child.once('exit', () => ok());
        child.kill();
      }),
  };
}

/** The Stripe-Signature header Stripe would send for `body`, signed with `secret` at `time` (seconds). */
export function stripeSignature(body: string, secret: string, time = Math.floor(Date.now() / 1000)): string {
  return `t=${time},v1=${createHmac('sha256', secret).update(`${time}.${body}`).digest('hex')}`;
}
