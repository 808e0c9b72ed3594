/**
 * The proof of work in the browser (src/engine/proofOfWork.ts: a challenge fetched at the visitor's
 * first focus or tap in the form, solved in a Web Worker), in Debian's chromium against the built site
 * and a real PocketBase with the check on: a send that has to wait says so politely, a refused proof is
 * replaced and the application sent once more, and a form whose proofs keep being refused says so,
 * saving nothing. Every other browser test that submits a form also goes through this check (startSite
 * turns it on).
 */
import type { Browser, BrowserContext, Page, Route } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { label, launchBrowser, watchConsole } from '../support/browser.ts';
import type { PocketBaseProcess } from '../support/pocketbase.ts';
import { startSite } from '../support/site.ts';
import { superuserClient } from '../support/staff.ts';
import { submitUrl } from '../../src/engine/submit.ts';

const CHALLENGE = '**/api/formwork/challenge/aloqacorpcontacts';
const SUBMIT = submitUrl('aloqacorpcontacts');

describe('proof of work in the browser', () => {
  let site: PocketBaseProcess;
  let browser: Browser;
  let context: BrowserContext;
  const problems: string[] = [];

  beforeAll(async () => {
    site = await startSite();
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await site?.stop();
    expect(problems).toEqual([]);
  });

  /** A fresh context: no route left over from the test before. */
  const freshContext = async () => {
    await context?.close();
    context = await browser.newContext({ viewport: { width: 420, height: 900 } });
    return context;
  };
  /** The contact form, open and filled as `name` (watched for console errors unless a refusal is expected). */
  const fill = async (page: Page, name: string, watch = true) => {
    if (watch) watchConsole(page, problems);
    await page.goto(`${site.url}/contact?lang=en`);
    await page.getByLabel(label('First name')).fill(name);
    await page.getByLabel(label('Last name')).fill('Yusupova');
    // The contact form promises an answer, so it asks where to send it.
    await page.getByLabel(label('E-mail')).fill('dilnoza@example.com');
    await page.getByLabel(label('Message')).fill('Hello from the proof-of-work test');
    return page;
  };
  const stored = async (name: string) =>
    (await (await superuserClient(site)).collection('aloqacorpcontacts').getFullList({ filter: `fname = "${name}"` })) as { proof: string }[];
  const posts = (page: Page) => {
    const sent: number[] = [];
    page.on('response', (r) => r.url().endsWith(SUBMIT) && r.request().method() === 'POST' && sent.push(r.status()));
    return sent;
  };

  it('solves the proof before Submit is pressed, and stores the application with the challenge it spent', async () => {
    const page = await (await freshContext()).newPage();
    // Counts the answers of the page's workers (the solver answers once it has solved), to tell when the
    // proof is ready without waiting a guessed time.
    await page.addInitScript(() => {
      const Native = window.Worker;
      const answers = window as unknown as { workerAnswers: number };
      answers.workerAnswers = 0;
      window.Worker = class extends Native {
        constructor(url: string | URL, options?: WorkerOptions) {
          super(url, options);
          this.addEventListener('message', () => answers.workerAnswers++);
        }
      };
    });
    // The challenge comes at the first focus in the form: none before (a visit that fills nothing costs nothing).
    const early: string[] = [];
    page.on('request', (r) => r.url().includes('/api/formwork/challenge/') && early.push(r.url()));
    await page.goto(`${site.url}/contact?lang=en`);
    await page.getByLabel(label('First name')).waitFor();
    await page.waitForTimeout(1000);
    expect(early).toEqual([]);
    const challenge = page.waitForResponse((r) => r.url().includes('/api/formwork/challenge/'));
    const worker = page.waitForEvent('worker');
    await fill(page, 'Aziza');
    const sent = posts(page);
    await challenge;
    expect((await worker).url()).toMatch(/\/assets\/proofOfWork\.worker-[\w-]+\.js$/); // solved off the page's thread
    // The solver has answered while the applicant was still on the form: the press sends a solved proof.
    await page.waitForFunction(() => (window as unknown as { workerAnswers: number }).workerAnswers > 0);
    expect(sent).toEqual([]);
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.getByTestId('form-success').waitFor();
    expect(sent).toEqual([200]);
    const [record] = await stored('Aziza');
    expect(record?.proof).toMatch(/^[0-9a-f]{64}$/);
  });

  it('says, politely, that it is checking while the send waits for the proof', async () => {
    await freshContext();
    // The challenge is held back until after the click: the send must wait for it.
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    await context.route(CHALLENGE, async (route: Route) => {
      await held;
      await route.continue();
    });
    const page = await fill(await context.newPage(), 'Bobur');
    const status = page.getByTestId('proof-status');
    expect(await status.getAttribute('role')).toBe('status'); // in the page before anything is said in it
    expect(await status.textContent()).toBe('');
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect.poll(() => status.textContent()).toBe('Running a short security check before sending…');
    // The button says what the send is doing, not just that something is going on.
    expect(await page.getByRole('button', { name: 'Preparing to send…' }).isDisabled()).toBe(true);
    release();
    await page.getByTestId('form-success').waitFor();
    expect(await stored('Bobur')).toHaveLength(1);
  });

  it('replaces a proof the server refuses (as after a restart) and sends once more', async () => {
    await freshContext();
    let challenges = 0;
    // The first challenge is spoilt on its way (its signature no longer matches): its proof is refused.
    await context.route(CHALLENGE, async (route: Route) => {
      const res = await route.fetch();
      const body = (await res.json()) as { signature: string };
      if (challenges++ === 0) body.signature = body.signature.replace(/^./, (c) => (c === '0' ? '1' : '0'));
      await route.fulfill({ response: res, json: body });
    });
    const page = await fill(await context.newPage(), 'Kamola', false); // the refused first send logs its 400
    const sent = posts(page);
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.getByTestId('form-success').waitFor();
    expect(sent).toEqual([400, 200]);
    expect(challenges).toBe(2);
    expect(await stored('Kamola')).toHaveLength(1);
  });

  it('says the security check failed when the proof is refused twice, keeping the answers and saving nothing', async () => {
    await freshContext();
    await context.route(CHALLENGE, async (route: Route) => {
      const res = await route.fetch();
      const body = (await res.json()) as { signature: string };
      await route.fulfill({ response: res, json: { ...body, signature: '0'.repeat(64) } });
    });
    const page = await fill(await context.newPage(), 'Rustam', false);
    const sent = posts(page);
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect
      .poll(() => page.getByTestId('form-error').textContent())
      .toBe('The form did not pass its security check. Your answers are kept; please try again.');
    expect(sent).toEqual([400, 400]);
    expect(await page.getByLabel(label('First name')).inputValue()).toBe('Rustam');
    expect(await stored('Rustam')).toHaveLength(0);
  });
});
