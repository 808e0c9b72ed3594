/**
 * The application page's parts that other packages of the console own (issue 33's shared design): the
 * status control (StatusControl.tsx), the assignee, the notes thread and the reply composer
 * (src/features/staff/work/). The page renders them through this one module, so their props are adapted
 * in one place.
 */
import { Stack } from '@mantine/core';
import type { ServiceEntry } from '../../../engine/types.ts';
import type { StoredRecord } from '../RecordCard.tsx';
import { StatusControl } from '../StatusControl.tsx';
import { AssigneeControl } from '../work/AssigneeControl.tsx';
import { NotesThread } from '../work/NotesThread.tsx';
import { ReplyComposer } from '../work/ReplyComposer.tsx';
import type { HistoryEntry } from './loadApplication.ts';

export interface SlotProps {
  service: ServiceEntry;
  record: StoredRecord;
  /** Admins act; viewers read (the server enforces the same, and each part shows viewers no control). */
  admin: boolean;
  /** When the page was loaded (ms): the cancellation window is judged as of then. */
  now: number;
  history: HistoryEntry[];
  onStatusChanged: (status: string) => void;
  onAssigneeChanged: (assignee: string) => void;
  /** A reply went out: its e-mail is in the outbox now. */
  onReplySent: () => void;
}

export function StatusSlot({ service, record, admin, now, history, onStatusChanged }: SlotProps) {
  return <StatusControl service={service} record={record} canChange={admin} onChanged={onStatusChanged} now={now} history={history} />;
}

export function AssigneeSlot({ service, record, onAssigneeChanged }: SlotProps) {
  return <AssigneeControl service={service} record={record} onChanged={onAssigneeChanged} />;
}

/** The thread of notes and replies, and (admins) the reply to the applicant under it. */
export function NotesSlot({ service, record, admin, onReplySent }: SlotProps) {
  return (
    <Stack gap="lg">
      <NotesThread service={service} recordId={record.id} />
      {admin && <ReplyComposer service={service} recordId={record.id} onSent={onReplySent} />}
    </Stack>
  );
}
