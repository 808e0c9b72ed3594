/**
 * Payments without card data, against a real PocketBase and stripe-mock: the record keeps the checkout
 * link it was offered (the environment may override the schema's), Stripe's signed webhook marks it
 * paid (only through the link it was offered, and once however often it is delivered) and a forged one
 * changes nothing, and the Connect endpoints of the original (GET /api/pk, POST /api/account_session)
 * answer with the provider's client secret (only through a link staff issued) or a clear error.
 */
import { createHmac } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registry } from '../../src/generated/registry.ts';
import { formData, pngFile } from '../support/fixtures.ts';
import { startPocketBase, TEST_ENCRYPTION_KEY, type PocketBaseProcess } from '../support/pocketbase.ts';
import { startStripeMock, stripeSignature, type StripeMock } from '../support/stripe.ts';
import { staffClient, superuserClient } from '../support/staff.ts';
import { submitUrl } from '../../src/engine/submit.ts';

const WEBHOOK_SECRET = 'whsec_test_formwork';
const SECRET_KEY = 'sk_test_formwork';
/** A payment link's id, as Stripe names the link a checkout session came from. */
const PAYMENT_LINK = 'plink_1Formwork';
const PUBLIC_URL = 'https://formwork.example';
/** The Amazon Flex landing's own payment link (the schema's is a placeholder that offers nothing). */
const FLEX_CHECKOUT = 'https://checkout.formwork.test/amazon-flex';
/** site.json webhookEventCollection (the server's alone, so not in the browser's registry). */
const WEBHOOK_EVENTS = 'webhookevents';

/** Passes every request on to stripe-mock, keeping what our server asked of the provider. */
async function recordingProxy(target: string): Promise<{ url: string; asked: { path: string; body: string }[]; server: Server }> {
  const asked: { path: string; body: string }[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString();
      asked.push({ path: req.url ?? '', body });
      const headers = Object.fromEntries(Object.entries(req.headers).filter(([name]) => name !== 'host' && name !== 'content-length')) as Record<string, string>;
      fetch(`${target}${req.url}`, { method: req.method, headers, body: req.method === 'GET' ? undefined : body }).then(
        async (answer) => res.writeHead(answer.status, { 'content-type': answer.headers.get('content-type') ?? 'application/json' }).end(Buffer.from(await answer.arrayBuffer())),
        () => req.socket.destroy(), // the provider is down: so is its address, as our server sees it
      );
    });
  });
  await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, asked, server };
}

describe('payments', () => {
  let pb: PocketBaseProcess;
  let stripe: StripeMock;
  let provider: Awaited<ReturnType<typeof recordingProxy>>;
  /** The claim's payment link (from the environment): stripe-mock's address for PAYMENT_LINK. */
  let CLAIM_CHECKOUT = '';

  /** A claim application sent to `server` (this suite's, unless another is given). */
  const claim = async (change: Record<string, string> = {}, server: PocketBaseProcess = pb) => {
    const res = await fetch(`${server.url}${submitUrl('claim')}`, {
      method: 'POST',
      body: formData(
        { firstName: 'Bobur', lastName: 'Aliyev', email: 'bobur@example.com', phone: '+1 312 555 0102', amount: 'Uber', message: 'Drove 3 years', terms: 'true', variant: 'full', locale: 'en', ...change },
        { stateId: pngFile() },
      ),
    });
    return { status: res.status, body: (await res.json()) as Record<string, string> };
  };
  const webhook = (event: object, signature?: string) => {
    const body = JSON.stringify(event);
    return fetch(`${pb.url}/api/formwork/stripe/webhook`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'stripe-signature': signature ?? stripeSignature(body, WEBHOOK_SECRET) },
      body,
    });
  };
  /** Each event its own id, as Stripe's are: the server acts on an id once (29.13). */
  let events = 0;
  const checkoutEvent = (type: string, reference: string, paymentStatus: string, paymentLink = PAYMENT_LINK) => ({
    id: `evt_test_${++events}`,
    type,
    data: { object: { id: 'cs_test_1', client_reference_id: reference, payment_status: paymentStatus, payment_link: paymentLink } },
  });
  const completed = (reference: string) => checkoutEvent('checkout.session.completed', reference, 'paid');

  beforeAll(async () => {
    stripe = await startStripeMock();
    const link = await fetch(`${stripe.url}/v1/payment_links/${PAYMENT_LINK}`, { headers: { authorization: `Bearer ${SECRET_KEY}` } });
    CLAIM_CHECKOUT = ((await link.json()) as { url: string }).url;
    expect(CLAIM_CHECKOUT).toMatch(/^https:\/\//);
    provider = await recordingProxy(stripe.url);
    pb = await startPocketBase({
      env: {
        FORMWORK_CHECKOUT_CLAIM: CLAIM_CHECKOUT,
        FORMWORK_CHECKOUT_AMAZON_FLEX: FLEX_CHECKOUT,
        FORMWORK_STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
        FORMWORK_STRIPE_SECRET_KEY: SECRET_KEY,
        FORMWORK_STRIPE_PUBLISHABLE_KEY: 'pk_test_formwork',
        FORMWORK_STRIPE_API_BASE: provider.url,
        FORMWORK_PUBLIC_URL: PUBLIC_URL,
      },
    });
  });
  afterAll(async () => {
    await pb?.stop();
    provider?.server.close();
    await stripe?.stop();
  });

  it('keeps the checkout link each application was offered, from the environment, naming the record', async () => {
    const { status, body } = await claim();
    expect(status).toBe(200);
    expect(body.checkoutUrl).toBe(`${CLAIM_CHECKOUT}?client_reference_id=claim-${body.id}`);
    const stored = await (await superuserClient(pb)).collection('claim').getOne(body.id!);
    expect([stored.checkoutUrl, stored.paymentStatus]).toEqual([body.checkoutUrl, 'unpaid']);
    // The Amazon Flex landing offers its own link (a link left unconfigured is offered nowhere: tests/integration/reference.test.ts).
    const flex = await claim({ variant: 'flex', amount: '2 months', message: '' });
    expect(flex.body.checkoutUrl).toBe(`${FLEX_CHECKOUT}?client_reference_id=claim-${flex.body.id}`);
  });

  it('refuses a client that tries to set the link or the payment status itself', async () => {
    const attempts: Record<string, string>[] = [{ paymentStatus: 'paid' }, { checkoutUrl: 'https://evil.example/pay' }];
    for (const forged of attempts) {
      const { status, body } = await claim(forged);
      expect(status).toBe(400);
      expect(Object.keys((body as unknown as { data: object }).data)).toEqual(Object.keys(forged));
    }
  });

  it("marks the application paid on Stripe's signed checkout.session.completed", async () => {
    const { body } = await claim();
    const res = await webhook(completed(`claim-${body.id}`));
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ received: true, handled: true, record: body.id });
    const stored = await (await superuserClient(pb)).collection('claim').getOne(String(body.id));
    expect(stored.paymentStatus).toBe('paid');
    expect(stored.paidAt).not.toBe('');
  });

  it('waits for the money of a delayed method (a bank debit): completed unpaid, then paid when it succeeds', async () => {
    const { body } = await claim();
    const stored = async () => (await (await superuserClient(pb)).collection('claim').getOne(String(body.id))).paymentStatus;
    const res = await webhook(checkoutEvent('checkout.session.completed', `claim-${body.id}`, 'unpaid'));
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ received: true, handled: false, reason: 'not paid yet' });
    expect(await stored()).toBe('unpaid');
    expect(await (await webhook(checkoutEvent('checkout.session.async_payment_failed', `claim-${body.id}`, 'unpaid'))).json()).toMatchObject({ handled: false });
    expect(await stored()).toBe('unpaid');
    expect(await (await webhook(checkoutEvent('checkout.session.async_payment_succeeded', `claim-${body.id}`, 'paid'))).json()).toMatchObject({ handled: true, record: body.id });
    expect(await stored()).toBe('paid');
  });

  it('takes a checkout as paid only through the link the application was offered', async () => {
    // The Flex landing's application was offered its own link; a checkout through the claim's link (or none) that names it is not its payment.
    const flex = await claim({ variant: 'flex', amount: '2 months', message: '' });
    const reference = `claim-${flex.body.id}`;
    for (const [event, reason] of [
      [checkoutEvent('checkout.session.completed', reference, 'paid'), 'paid through another link'],
      [checkoutEvent('checkout.session.completed', reference, 'paid', ''), 'not paid through a payment link'],
    ] as const) {
      const res = await webhook(event);
      expect(res.status).toBe(200); // acknowledged: sending it again would not change the answer
      expect(await res.json()).toMatchObject({ received: true, handled: false, reason });
    }
    expect((await (await superuserClient(pb)).collection('claim').getOne(String(flex.body.id))).paymentStatus).toBe('unpaid');
    // An application that never was (or was purged) is acknowledged too.
    expect(await (await webhook(completed('claim-aaaaaaaaaaaaaaa'))).json()).toMatchObject({ handled: false, reason: 'no such application' });
  });

  it('asks again for the payment of an application in the trash, and records it once it is restored', async () => {
    const { body } = await claim();
    const id = String(body.id);
    const admin = await staffClient(pb, 'admin');
    await admin.collection('claim').delete(id);
    // One event, sent again by the provider: an event answered 503 is not remembered as acted on.
    const event = completed(`claim-${id}`);
    const trashed = await webhook(event);
    expect(trashed.status).toBe(503); // the provider sends it again later
    expect(await trashed.json()).toMatchObject({ received: false, reason: 'the application is in the trash' });
    const [entry] = await admin.collection(registry.trashCollection).getFullList({ filter: `key = "${id}"` });
    const restored = await fetch(`${pb.url}/api/formwork/trash/${entry!.id}/restore`, { method: 'POST', headers: { Authorization: admin.authStore.token } });
    expect(restored.status).toBe(200);
    expect(await (await webhook(event)).json()).toMatchObject({ handled: true, record: id });
    expect((await (await superuserClient(pb)).collection('claim').getOne(id)).paymentStatus).toBe('paid');
  });

  it('asks the provider to send the event again while it cannot check the link (no secret key)', async () => {
    const unchecked = await startPocketBase({ env: { FORMWORK_CHECKOUT_CLAIM: CLAIM_CHECKOUT, FORMWORK_STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET } });
    try {
      const id = String((await claim({}, unchecked)).body.id);
      const body = JSON.stringify(completed(`claim-${id}`));
      const sent = await fetch(`${unchecked.url}/api/formwork/stripe/webhook`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'stripe-signature': stripeSignature(body, WEBHOOK_SECRET) },
        body,
      });
      expect(sent.status).toBe(503);
      expect(await sent.json()).toMatchObject({ received: false });
      expect((await (await superuserClient(unchecked)).collection('claim').getOne(id)).paymentStatus).toBe('unpaid');
    } finally {
      await unchecked.stop();
    }
  });

  it('refuses a forged, a wrongly signed or a stale webhook, and changes nothing', async () => {
    const { body } = await claim();
    const event = completed(`claim-${body.id}`);
    const payload = JSON.stringify(event);
    for (const signature of [
      'nonsense',
      stripeSignature(payload, 'whsec_someone_else'),
      stripeSignature(payload, WEBHOOK_SECRET, Math.floor(Date.now() / 1000) - 3600),
    ]) {
      expect((await webhook(event, signature)).status).toBe(400);
    }
    expect((await (await superuserClient(pb)).collection('claim').getOne(String(body.id))).paymentStatus).toBe('unpaid');
  });

  it('29.13 acts on a replayed or redelivered webhook event once, and answers the copy 200 as a duplicate', async () => {
    const { body } = await claim();
    const id = String(body.id);
    const su = await superuserClient(pb);
    const event = completed(`claim-${id}`);
    const payload = JSON.stringify(event);
    const signature = stripeSignature(payload, WEBHOOK_SECRET); // one request, recorded and sent again within its 5 minutes
    const send = () => fetch(`${pb.url}/api/formwork/stripe/webhook`, { method: 'POST', headers: { 'content-type': 'application/json', 'stripe-signature': signature }, body: payload });
    const first = await send();
    expect(first.status).toBe(200);
    expect(await first.json()).toMatchObject({ received: true, handled: true, record: id });
    const paid = await su.collection('claim').getOne(id);
    expect(paid.paymentStatus).toBe('paid');
    const linkChecks = () => provider.asked.filter((a) => a.path.startsWith('/v1/payment_links/')).length;
    const checked = linkChecks();
    await new Promise((r) => setTimeout(r, 20)); // a second application would stamp a later paidAt
    const replay = await send();
    expect(replay.status).toBe(200);
    expect(await replay.json()).toEqual({ received: true, duplicate: true });
    const after = await su.collection('claim').getOne(id);
    expect([after.paidAt, after.updated]).toEqual([paid.paidAt, paid.updated]);
    expect(linkChecks()).toBe(checked); // not even the provider was asked again
    expect(await su.collection(WEBHOOK_EVENTS).getFullList({ filter: `eventId = "${event.id}"` })).toHaveLength(1);

    // Two deliveries of one event at once: one is applied, the other answered as the duplicate.
    const other = String((await claim()).body.id);
    const twice = completed(`claim-${other}`);
    const answers = await Promise.all([webhook(twice), webhook(twice)]);
    expect(answers.map((a) => a.status)).toEqual([200, 200]);
    const bodies = (await Promise.all(answers.map((a) => a.json()))) as { handled?: boolean; duplicate?: boolean }[];
    expect(bodies.filter((b) => b.handled === true)).toHaveLength(1);
    expect(bodies.filter((b) => b.duplicate === true)).toHaveLength(1);
    expect(await su.collection(WEBHOOK_EVENTS).getFullList({ filter: `eventId = "${twice.id}"` })).toHaveLength(1);
    // Staff never read it: nothing in it is theirs.
    await expect((await staffClient(pb, 'admin')).collection(WEBHOOK_EVENTS).getFullList()).rejects.toMatchObject({ status: 403 });
  });

  /** A link as staff issue it (POST /api/formwork/account-links), from `client` (an admin unless given). */
  const issueLink = async (accountId: string, days?: number, client?: Awaited<ReturnType<typeof staffClient>>) => {
    const staff = client ?? (await staffClient(pb, 'admin'));
    return fetch(`${pb.url}/api/formwork/account-links`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', Authorization: staff.authStore.token },
      body: JSON.stringify({ accountId, days }),
    });
  };
  /** The exp and sig of an issued link, as the /account/:id page reads them from its address. */
  const linkOf = async (accountId: string) => {
    const res = await issueLink(accountId);
    expect(res.status).toBe(200);
    const url = new URL(((await res.json()) as { url: string }).url);
    expect(url.search).toBe(''); // in the fragment, which no request log keeps
    const proof = new URLSearchParams(url.hash.slice(1));
    return { exp: proof.get('exp') ?? '', sig: proof.get('sig') ?? '' };
  };
  const accountSession = (body: object) =>
    fetch(`${pb.url}/api/account_session`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });

  it('29.2 gives an account session only through a link staff issued for that account, unexpired and unaltered', async () => {
    const sessionsAsked = () => provider.asked.filter((a) => a.path === '/v1/account_sessions').length;
    const before = sessionsAsked();
    const account = 'acct_1Formwork';
    const refused = async (body: object) => {
      const res = await accountSession(body);
      expect(res.status).toBe(403);
      expect(((await res.json()) as { message: string }).message).toMatch(/link is missing, altered or expired/);
    };
    // The account id alone, or with a made-up signature.
    await refused({ accountId: account });
    await refused({ accountId: account, exp: String(Math.floor(Date.now() / 1000) + 3600), sig: 'a'.repeat(64) });
    // A real link, altered: a later expiry, or another account.
    const link = await linkOf(account);
    expect(Number(link.exp) - Date.now() / 1000).toBeGreaterThan(6 * 86400); // the default: a week
    await refused({ accountId: account, exp: String(Number(link.exp) + 86400), sig: link.sig });
    await refused({ accountId: 'acct_2Someoneelse', ...link });
    // Signed as the server signs (key: HMAC-SHA256 of the label under FORMWORK_ENCRYPTION_KEY), but expired.
    const key = createHmac('sha256', TEST_ENCRYPTION_KEY).update('formwork:account-link').digest('hex');
    const sign = (exp: string) => createHmac('sha256', key).update(`${account}.${exp}`).digest('hex');
    expect(sign(link.exp)).toBe(link.sig);
    const past = String(Math.floor(Date.now() / 1000) - 60);
    await refused({ accountId: account, exp: past, sig: sign(past) });
    expect(sessionsAsked()).toBe(before); // the provider was never asked

    const ok = await accountSession({ accountId: account, ...link });
    expect(ok.status).toBe(200);
    expect(((await ok.json()) as { client_secret: string }).client_secret).toMatch(/^accs_secret_/);
    expect(sessionsAsked()).toBe(before + 1);
  });

  it('29.2 lets only an admin issue an account link, at the site’s address, written to the audit log', async () => {
    const admin = await staffClient(pb, 'admin');
    const res = await issueLink('acct_1Audited', 3, admin);
    expect(res.status).toBe(200);
    const issued = (await res.json()) as { url: string; accountId: string; expiresAt: string };
    expect(issued.url).toMatch(new RegExp(`^${PUBLIC_URL}/account/acct_1Audited#exp=\\d+&sig=[0-9a-f]{64}$`));
    expect(Date.parse(issued.expiresAt) - Date.now()).toBeGreaterThan(2.9 * 86400_000);
    const [entry] = await admin.collection(registry.auditCollection).getFullList({ filter: `action = "account-link" && record = "acct_1Audited"` });
    expect(entry).toMatchObject({ actor: admin.authStore.record?.id, record: 'acct_1Audited' });

    expect((await issueLink('acct_1Audited', 3, await staffClient(pb, 'viewer'))).status).toBe(403);
    const anonymous = await fetch(`${pb.url}/api/formwork/account-links`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ accountId: 'acct_1Audited' }) });
    expect(anonymous.status).toBe(401);
    for (const [accountId, days] of [['not-an-account', 7], ['acct_1Audited', 0], ['acct_1Audited', 91], ['acct_1Audited', 1.5]] as const) {
      expect((await issueLink(accountId, days, admin)).status).toBe(400);
    }
  });

  it('gives the publishable key, and an account session’s client secret from the provider', async () => {
    expect(await (await fetch(`${pb.url}/api/pk`)).json()).toEqual({ pk: 'pk_test_formwork' });
    const res = await accountSession({ accountId: 'acct_1Formwork', ...(await linkOf('acct_1Formwork')) });
    expect(res.status).toBe(200);
    expect(((await res.json()) as { client_secret: string }).client_secret).toMatch(/^accs_secret_/);
  });

  it('opens a hosted checkout for a product at the server’s price, and refuses an unknown product or interval', async () => {
    const checkout = (body: object) =>
      fetch(`${pb.url}/api/formwork/checkout`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
    const ok = await checkout({ product: 'basic', interval: 'year', amount: 1 }); // a price from the browser is ignored
    expect(ok.status).toBe(200);
    expect(((await ok.json()) as { url: string }).url).toMatch(/^https:\/\/checkout\.stripe\.com\//);
    // The buyer comes back to the product's own page once paid (site.json "paid"), to the page that sold it if not.
    const session = new URLSearchParams(provider.asked.filter((a) => a.path === '/v1/checkout/sessions').at(-1)?.body ?? '');
    expect(session.get('success_url')).toBe(`${PUBLIC_URL}/money-transfer-success`);
    expect(session.get('cancel_url')).toBe(`${PUBLIC_URL}/money-transfer`);
    expect(session.get('line_items[0][price_data][unit_amount]')).toBe('30000');
    expect((await checkout({ product: 'gold', interval: 'year' })).status).toBe(400);
    expect((await checkout({ product: 'basic', interval: 'week' })).status).toBe(400);
    // Names every object has are neither products nor intervals (an interval "constructor" once priced NaN).
    expect((await checkout({ product: 'constructor', interval: 'year' })).status).toBe(400);
    expect((await checkout({ product: 'basic', interval: 'constructor' })).status).toBe(400);
    expect((await checkout({ product: '__proto__', interval: 'toString' })).status).toBe(400);
  });

  it('answers a bad account id, or a provider that cannot be reached, with a clear error', async () => {
    const bad = await fetch(`${pb.url}/api/account_session`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ accountId: 'not-an-account' }) });
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { message: string }).message).toContain('acct_');
    const link = await linkOf('acct_1Formwork');
    await stripe.stop();
    const down = await accountSession({ accountId: 'acct_1Formwork', ...link });
    expect(down.status).toBe(502);
    expect(((await down.json()) as { message: string }).message).toBe('The payment provider could not be reached.');
  });
});
