/**
 * What the application page and its print view read of one application, straight from PocketBase with
 * the staff member's session (every collection below has a staff list rule): the record, its status
 * history, its signatures and its e-mails. Each is one indexed query on (sourceCollection, record).
 */
import type { RecordModel } from 'pocketbase';
import { pb } from '../../../config/pocketbase.ts';
import { registry } from '../../../generated/registry.ts';
import type { ServiceEntry } from '../../../engine/types.ts';
import type { OutboxItem } from '../MailStatus.tsx';

export interface HistoryEntry {
  id: string;
  from: string;
  to: string;
  byEmail: string;
  note: string;
  created: string;
}

/** One agreement document as the applicant signed or read it (pb_hooks/lib/agreements.js signatureEntries). */
export interface SignatureEntry {
  id: string;
  document: string;
  version: string;
  language: string;
  hash: string;
  signed: boolean;
  signedName: string;
  ip: string;
  created: string;
}

/** An internal note or a reply to the applicant (the notes collection, site.json noteCollection). */
export interface NoteEntry {
  id: string;
  kind: 'note' | 'reply';
  authorEmail: string;
  body: string;
  created: string;
}

export interface Application {
  record: RecordModel;
  history: HistoryEntry[];
  signatures: SignatureEntry[];
  mail: OutboxItem[];
}

const ofRecord = (collection: string, id: string) => pb.filter('sourceCollection = {:c} && record = {:r}', { c: collection, r: id });

export const loadHistory = (service: ServiceEntry, id: string) =>
  pb.collection(registry.historyCollection).getFullList<HistoryEntry>({ filter: ofRecord(service.collection, id), sort: 'created', requestKey: null });

export const loadMail = (service: ServiceEntry, id: string) =>
  pb.collection(registry.outboxCollection).getFullList<OutboxItem>({
    filter: ofRecord(service.collection, id),
    sort: 'created',
    // What the page shows: each entry also holds its rendered e-mail (~25 KB), never shown here.
    fields: 'id,kind,to,status,sentAt,attempts',
    requestKey: null,
  });

const loadSignatures = (service: ServiceEntry, id: string) =>
  service.agreements
    ? pb.collection(registry.signatureCollection).getFullList<SignatureEntry>({
        filter: ofRecord(service.collection, id),
        sort: 'created',
        fields: 'id,document,version,language,hash,signed,signedName,ip,created',
        requestKey: null,
      })
    : Promise.resolve([]);

/** The notes and replies, oldest first (the print view; the page's thread loads its own). */
export const loadNotes = (service: ServiceEntry, id: string) =>
  pb.collection(registry.noteCollection).getFullList<NoteEntry>({
    filter: ofRecord(service.collection, id),
    sort: 'created',
    fields: 'id,kind,authorEmail,body,created',
    requestKey: null,
  });

/** The application and everything recorded about it, in parallel. */
export async function loadApplication(service: ServiceEntry, id: string): Promise<Application> {
  const [record, history, signatures, mail] = await Promise.all([
    pb.collection(service.collection).getOne(id, { requestKey: null }),
    loadHistory(service, id),
    loadSignatures(service, id),
    loadMail(service, id),
  ]);
  return { record, history, signatures, mail };
}
