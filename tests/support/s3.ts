/**
 * A real S3-compatible store for tests: SeaweedFS (`weed server -s3`, built by scripts/install-seaweedfs.sh)
 * on free loopback ports with a throw-away data dir, one access key and one bucket. Tests point PocketBase
 * (FORMWORK_S3_*, FORMWORK_BACKUP_S3_*) and Litestream at it, and look into the bucket with the S3 API
 * itself (signed with AWS Signature V4, as every S3 client does), never through PocketBase.
 */
import { spawn, execFileSync } from 'node:child_process';
import { createHash, createHmac, randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from '../../scripts/dev/freePort.ts';
import { ROOT } from './pocketbase.ts';

export const WEED_BIN = join(ROOT, 'bin/weed');
/** Any name works for SeaweedFS; S3 clients (PocketBase, Litestream) need one to sign with. */
export const S3_REGION = 'us-east-1';

export interface S3Object {
  key: string;
  size: number;
  lastModified: string;
}

export interface S3Server {
  /** The S3 endpoint, http://127.0.0.1:<port>. */
  endpoint: string;
  bucket: string;
  accessKey: string;
  secret: string;
  /** FORMWORK_S3_* for PocketBase's file storage in this bucket. */
  storageEnv(): Record<string, string>;
  /** FORMWORK_BACKUP_S3_* for PocketBase's backups in this bucket. */
  backupEnv(): Record<string, string>;
  /** Every object in the bucket under `prefix`, by key. */
  list(prefix?: string): Promise<S3Object[]>;
  /** One object's bytes (null when there is none). */
  get(key: string): Promise<Buffer | null>;
  /** What SeaweedFS printed so far. */
  output(): string;
  stop(): Promise<void>;
}

export function ensureSeaweedFS(): void {
  execFileSync('bash', [join(ROOT, 'scripts/install-seaweedfs.sh')], { stdio: 'inherit' });
}

const sha256 = (data: string | Buffer) => createHash('sha256').update(data).digest('hex');
const hmac = (key: string | Buffer, data: string) => createHmac('sha256', key).update(data).digest();
/** RFC 3986 encoding, as Signature V4 wants it (encodeURIComponent leaves !'()* alone). */
const encode = (s: string) => encodeURIComponent(s).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);

/** A request to the S3 API signed with AWS Signature Version 4 (no body). */
async function s3Request(s3: { endpoint: string; accessKey: string; secret: string }, method: string, path: string, query: Record<string, string> = {}): Promise<Response> {
  const url = new URL(path, s3.endpoint);
  const amzDate = new Date().toISOString().replace(/[-:]/g, '').replace(/\.\d{3}/, '');
  const date = amzDate.slice(0, 8);
  const payloadHash = sha256('');
  const canonicalQuery = Object.keys(query)
    .sort()
    .map((k) => `${encode(k)}=${encode(query[k]!)}`)
    .join('&');
  const headers: Record<string, string> = { host: url.host, 'x-amz-content-sha256': payloadHash, 'x-amz-date': amzDate };
  const signedHeaders = Object.keys(headers).sort().join(';');
  const canonicalHeaders = Object.keys(headers)
    .sort()
    .map((k) => `${k}:${headers[k]}\n`)
    .join('');
  const canonicalPath = url.pathname.split('/').map((part) => encode(decodeURIComponent(part))).join('/');
  const canonicalRequest = [method, canonicalPath, canonicalQuery, canonicalHeaders, signedHeaders, payloadHash].join('\n');
  const scope = `${date}/${S3_REGION}/s3/aws4_request`;
  const stringToSign = ['AWS4-HMAC-SHA256', amzDate, scope, sha256(canonicalRequest)].join('\n');
  const key = hmac(hmac(hmac(hmac(`AWS4${s3.secret}`, date), S3_REGION), 's3'), 'aws4_request');
  const signature = createHmac('sha256', key).update(stringToSign).digest('hex');
  const authorization = `AWS4-HMAC-SHA256 Credential=${s3.accessKey}/${scope}, SignedHeaders=${signedHeaders}, Signature=${signature}`;
  const { host: _host, ...sent } = headers;
  return fetch(`${url.origin}${canonicalPath}${canonicalQuery ? `?${canonicalQuery}` : ''}`, { method, headers: { ...sent, authorization } });
}

const xmlText = (s: string) => s.replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&quot;/g, '"').replace(/&apos;/g, "'").replace(/&amp;/g, '&');
const tag = (xml: string, name: string) => xmlText(new RegExp(`<${name}>([\\s\\S]*?)</${name}>`).exec(xml)?.[1] ?? '');

/**
 * Starts SeaweedFS (master, volume, filer and S3 gateway in one process) bound to 127.0.0.1 on free
 * ports, with one identity allowed everything, and creates the bucket through the S3 API.
 */
export async function startS3(options: { bucket?: string } = {}): Promise<S3Server> {
  ensureSeaweedFS();
  const dir = mkdtempSync(join(tmpdir(), 'formwork-s3-'));
  const bucket = options.bucket ?? 'formwork-test';
  const accessKey = `fw${randomBytes(6).toString('hex')}`;
  const secret = randomBytes(20).toString('hex');
  const config = join(dir, 's3.json');
  writeFileSync(config, JSON.stringify({ identities: [{ name: 'formwork', credentials: [{ accessKey, secretKey: secret }], actions: ['Admin', 'Read', 'Write', 'List', 'Tagging'] }] }));
  // Every listener on its own free port (SeaweedFS's defaults are fixed ports, its gRPC ones port+10000).
  const ports = await Promise.all(Array.from({ length: 8 }, () => freePort()));
  const [master, masterGrpc, volume, volumeGrpc, filer, filerGrpc, s3, s3Grpc] = ports;
  const args = [
    'server',
    `-dir=${join(dir, 'data')}`,
    '-ip=127.0.0.1',
    '-ip.bind=127.0.0.1',
    `-master.port=${master}`,
    `-master.port.grpc=${masterGrpc}`,
    `-volume.port=${volume}`,
    `-volume.port.grpc=${volumeGrpc}`,
    `-filer.port=${filer}`,
    `-filer.port.grpc=${filerGrpc}`,
    '-s3',
    `-s3.port=${s3}`,
    `-s3.port.grpc=${s3Grpc}`,
    '-s3.port.iceberg=0',
    '-s3.port.lance=0',
    `-s3.config=${config}`,
    // Small volumes: a test store stays a few MB on disk instead of preallocating GBs.
    '-master.volumeSizeLimitMB=64',
    '-volume.max=0',
  ];
  mkdirSync(join(dir, 'data'));
  const child = spawn(WEED_BIN, args, { cwd: dir, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout?.on('data', (d) => (output += d));
  child.stderr?.on('data', (d) => (output += d));
  const endpoint = `http://127.0.0.1:${s3}`;
  const creds = { endpoint, accessKey, secret };
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      const killed = setTimeout(() => child.kill('SIGKILL'), 10_000);
      await exited;
      clearTimeout(killed);
    }
    rmSync(dir, { recursive: true, force: true });
    // SeaweedFS leaves a local socket per service in /tmp (its fixed place), named after the service's port.
    for (const name of readdirSync('/tmp')) {
      const port = /^seaweedfs-.*-(\d+)\.sock$/.exec(name)?.[1];
      if (port && ports.includes(Number(port))) rmSync(join('/tmp', name), { force: true });
    }
  };

  // Ready when the gateway answers a signed request and the bucket can be made (the filer and a
  // writable volume come up a few seconds after the S3 port opens).
  const deadline = Date.now() + 90_000;
  let last: string;
  for (;;) {
    if (child.exitCode !== null) {
      await stop();
      throw new Error(`SeaweedFS exited (${child.exitCode}):\n${output.slice(-4000)}`);
    }
    try {
      const res = await s3Request(creds, 'PUT', `/${bucket}`);
      last = `${res.status} ${await res.text()}`;
      if (res.ok || /BucketAlreadyOwnedByYou|BucketAlreadyExists/.test(last)) break;
    } catch (err) {
      last = String(err);
    }
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`SeaweedFS did not create the bucket at ${endpoint} (${last}):\n${output.slice(-4000)}`);
    }
    await new Promise((r) => setTimeout(r, 250));
  }

  const server: S3Server = {
    endpoint,
    bucket,
    accessKey,
    secret,
    storageEnv: () => ({
      FORMWORK_S3_BUCKET: bucket,
      FORMWORK_S3_REGION: S3_REGION,
      FORMWORK_S3_ENDPOINT: endpoint,
      FORMWORK_S3_ACCESS_KEY: accessKey,
      FORMWORK_S3_SECRET: secret,
      FORMWORK_S3_FORCE_PATH_STYLE: 'true',
    }),
    backupEnv: () => ({
      FORMWORK_BACKUP_S3_BUCKET: bucket,
      FORMWORK_BACKUP_S3_REGION: S3_REGION,
      FORMWORK_BACKUP_S3_ENDPOINT: endpoint,
      FORMWORK_BACKUP_S3_ACCESS_KEY: accessKey,
      FORMWORK_BACKUP_S3_SECRET: secret,
      FORMWORK_BACKUP_S3_FORCE_PATH_STYLE: 'true',
    }),
    async list(prefix = '') {
      const objects: S3Object[] = [];
      let token = '';
      for (;;) {
        const query: Record<string, string> = { 'list-type': '2', prefix };
        if (token) query['continuation-token'] = token;
        const res = await s3Request(creds, 'GET', `/${bucket}`, query);
        const xml = await res.text();
        if (!res.ok) throw new Error(`ListObjectsV2 ${res.status}: ${xml}`);
        for (const [, body] of xml.matchAll(/<Contents>([\s\S]*?)<\/Contents>/g)) {
          objects.push({ key: tag(body!, 'Key'), size: Number(tag(body!, 'Size')), lastModified: tag(body!, 'LastModified') });
        }
        if (tag(xml, 'IsTruncated') !== 'true') break;
        token = tag(xml, 'NextContinuationToken');
      }
      return objects.sort((a, b) => a.key.localeCompare(b.key));
    },
    async get(key) {
      const res = await s3Request(creds, 'GET', `/${bucket}/${key}`);
      if (res.status === 404) return null;
      if (!res.ok) throw new Error(`GetObject ${key}: ${res.status} ${await res.text()}`);
      return Buffer.from(await res.arrayBuffer());
    },
    output: () => output,
    stop,
  };
  return server;
}
