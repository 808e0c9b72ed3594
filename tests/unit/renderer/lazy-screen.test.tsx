/**
 * src/app/lazyScreen.ts: a screen's chunk that fails to load is tried again, after a pause and when the
 * screen is rendered again, where React.lazy kept the failure until the page was reloaded.
 */
import { Suspense } from 'react';
import { prerender } from 'react-dom/static';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { lazyScreen } from '../../../src/app/lazyScreen.ts';

const Hello = ({ name }: { name: string }) => <p>Hello {name}</p>;

/** An importer that fails its first `failures` calls (a dropped connection, a chunk gone). */
function flaky(failures: number) {
  let calls = 0;
  const importer = () => (++calls <= failures ? Promise.reject(new Error(`chunk failed (${calls})`)) : Promise.resolve({ default: Hello }));
  return { importer, calls: () => calls };
}

async function html(node: React.ReactNode): Promise<{ text: string; errors: unknown[] }> {
  const errors: unknown[] = [];
  const { prelude } = await prerender(node, { onError: (error) => void errors.push(error) });
  return { text: await new Response(prelude).text(), errors };
}

describe('a lazily loaded screen', () => {
  beforeEach(() => vi.useFakeTimers({ toFake: ['setTimeout', 'Date'] }));
  afterEach(() => vi.useRealTimers());

  it('tries a chunk that failed again after a pause, and loads it', async () => {
    const chunk = flaky(2);
    const screen = lazyScreen(chunk.importer);
    const loading = screen.load();
    await vi.advanceTimersByTimeAsync(999);
    expect(chunk.calls()).toBe(1);
    await vi.advanceTimersByTimeAsync(1 + 3000);
    await expect(loading).resolves.toEqual({ default: Hello });
    expect(chunk.calls()).toBe(3);
  });

  it('shows the failure after the last try, and loads when rendered again', async () => {
    const chunk = flaky(3);
    const screen = lazyScreen(chunk.importer);
    const first = html(
      <Suspense fallback={<p>loading</p>}>
        <screen.Screen name="Ada" />
      </Suspense>,
    );
    await vi.advanceTimersByTimeAsync(4000);
    const failed = await first;
    expect(failed.errors.map(String)).toEqual(['Error: chunk failed (3)']);
    expect(chunk.calls()).toBe(3); // React's render right after the error saw the failure, and tried nothing more

    vi.setSystemTime(Date.now() + 6000); // later: another visit to the address
    const again = await html(
      <Suspense fallback={<p>loading</p>}>
        <screen.Screen name="Ada" />
      </Suspense>,
    );
    expect(again.errors).toEqual([]);
    expect(again.text).toContain('Hello <!-- -->Ada');
  });
});
