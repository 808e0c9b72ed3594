/**
 * Staff accounts (/admin/staff, admins only): everyone who may sign in to the staff console, with their
 * role, whether they can sign in (active, disabled, or waiting for their e-mail confirmation) and
 * whether a code by e-mail is their second factor. Admins change roles, disable and enable accounts,
 * switch MFA and remove accounts, and create new ones (PocketBase then e-mails the confirmation link;
 * the account signs in once it is confirmed). The server (pb_hooks/staff.pb.js) refuses an admin's
 * changes to their own role, status and existence, so those actions are not offered on their own row.
 */
import { Alert, Box, Button, Group, Loader, NativeSelect, Paper, PasswordInput, Stack, Switch, Table, Text, TextInput, Title } from '@mantine/core';
import type { RecordModel } from 'pocketbase';
import { useCallback, useEffect, useRef, useState, type FormEvent } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { useNavigate } from 'react-router-dom';
import { paths } from '../../config/paths.ts';
import { pb } from '../../config/pocketbase.ts';
import { registry } from '../../generated/registry.ts';
import { useDocumentTitle } from '../../hooks/useDocumentTitle.ts';
import { isAdmin, STAFF_ROLES, type StaffRole } from './role.ts';
import { isSessionError, signInPath, signOut } from './session.ts';
import { ConfirmDialog } from '../../components/ConfirmDialog.tsx';

/** PocketBase's own minimum for a password. */
const PASSWORD_MIN = 8;

interface StaffAccount extends RecordModel {
  /** Only present when PocketBase shows it: the account's own, or one made with emailVisibility. */
  email?: string;
  name: string;
  role: StaffRole;
  disabled: boolean;
  mfa: boolean;
  verified: boolean;
  created: string;
}

type Status = 'active' | 'disabled' | 'unverified';
const statusOf = (a: StaffAccount): Status => (a.disabled ? 'disabled' : a.verified ? 'active' : 'unverified');

export default function StaffAccountsPage() {
  const intl = useIntl();
  useDocumentTitle(intl.formatMessage({ id: 'staff.accounts.title' }));
  return (
    <Stack>
      <Title order={1} size="h2" tabIndex={-1} id="staff-accounts-title">
        <FormattedMessage id="staff.accounts.title" />
      </Title>
      {isAdmin() ? (
        <StaffAccounts />
      ) : (
        <Alert color="gray" data-testid="staff-accounts-admins-only">
          <FormattedMessage id="staff.accounts.adminsOnly" />
        </Alert>
      )}
    </Stack>
  );
}

function StaffAccounts() {
  const intl = useIntl();
  const navigate = useNavigate();
  const me = pb.authStore.record?.id;
  const [accounts, setAccounts] = useState<StaffAccount[] | null>(null);
  const [loadFailed, setLoadFailed] = useState(false);
  const [notice, setNotice] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  /** The account a change is being saved for (its buttons wait meanwhile). */
  const [saving, setSaving] = useState<string | null>(null);
  const [removing, setRemoving] = useState<StaffAccount | null>(null);

  const toSignIn = useCallback(() => {
    signOut();
    navigate(signInPath(paths.staff, true), { replace: true });
  }, [navigate]);

  // The state is set in the answer's callbacks: the effect below only starts the request.
  const load = useCallback(
    () =>
      pb
        .collection(registry.staffCollection)
        .getFullList<StaffAccount>({ sort: 'created' })
        .then(
          (list) => {
            setAccounts(list);
            setLoadFailed(false);
          },
          (err: unknown) => {
            if (isSessionError(err)) toSignIn();
            else setLoadFailed(true);
          },
        ),
    [toSignIn],
  );

  useEffect(() => {
    void load();
  }, [load]);

  const nameOf = (a: StaffAccount) => a.name || a.email || intl.formatMessage({ id: 'staff.accounts.noName' });

  /** Saves one change of an account, then says what happened (or that it did not). */
  const change = async (account: StaffAccount, data: Partial<Pick<StaffAccount, 'role' | 'disabled' | 'mfa'>>, done: string) => {
    setSaving(account.id);
    setNotice(null);
    setError(null);
    try {
      const saved = await pb.collection(registry.staffCollection).update<StaffAccount>(account.id, data);
      setAccounts((prev) => prev && prev.map((a) => (a.id === saved.id ? { ...a, ...saved } : a)));
      setNotice(intl.formatMessage({ id: done }, { name: nameOf(account) }));
    } catch (err) {
      if (isSessionError(err)) return toSignIn();
      setError(intl.formatMessage({ id: 'staff.accounts.failed' }, { name: nameOf(account) }));
      await load();
    } finally {
      setSaving(null);
    }
  };

  const remove = async (account: StaffAccount) => {
    setRemoving(null);
    setSaving(account.id);
    setNotice(null);
    setError(null);
    try {
      await pb.collection(registry.staffCollection).delete(account.id);
      setAccounts((prev) => prev && prev.filter((a) => a.id !== account.id));
      setNotice(intl.formatMessage({ id: 'staff.accounts.done.removed' }, { name: nameOf(account) }));
    } catch (err) {
      if (isSessionError(err)) return toSignIn();
      setError(intl.formatMessage({ id: 'staff.accounts.failed' }, { name: nameOf(account) }));
      await load();
    } finally {
      setSaving(null);
      // The row and its button are gone: the focus goes back to the top of the screen, not to <body>.
      document.getElementById('staff-accounts-title')?.focus();
    }
  };

  const resendConfirmation = async (account: StaffAccount) => {
    if (!account.email) return;
    setSaving(account.id);
    setNotice(null);
    setError(null);
    try {
      await pb.collection(registry.staffCollection).requestVerification(account.email);
      setNotice(intl.formatMessage({ id: 'staff.accounts.done.resent' }, { email: account.email }));
    } catch {
      setError(intl.formatMessage({ id: 'staff.accounts.failed' }, { name: nameOf(account) }));
    } finally {
      setSaving(null);
    }
  };

  const created = (account: StaffAccount) => {
    setError(null);
    setNotice(intl.formatMessage({ id: 'staff.accounts.new.created' }, { email: account.email ?? '' }));
    setAccounts((prev) => prev && [...prev.filter((a) => a.id !== account.id), account]);
  };

  return (
    <Stack>
      <div role="status" data-testid="staff-accounts-notice">
        {notice && (
          <Alert
            color="green"
            withCloseButton
            onClose={() => setNotice(null)}
            closeButtonLabel={intl.formatMessage({ id: 'staff.accounts.closeNotice' })}
            role="none"
          >
            {notice}
          </Alert>
        )}
      </div>
      {error && (
        <Alert color="red" data-testid="staff-accounts-error">
          {error}
        </Alert>
      )}
      {loadFailed && <Alert color="red">{intl.formatMessage({ id: 'staff.accounts.loadFailed' })}</Alert>}
      {!accounts && !loadFailed && <Loader role="progressbar" aria-label={intl.formatMessage({ id: 'app.loading' })} />}
      {accounts && (
        // Wide on a phone: the table scrolls sideways, and the keyboard can scroll it too.
        <Box
          style={{ overflowX: 'auto' }}
          tabIndex={0}
          role="region"
          aria-label={intl.formatMessage({ id: 'staff.accounts.caption' }, { count: accounts.length })}
        >
          <Table verticalSpacing="xs" miw={640} captionSide="top" data-testid="staff-accounts-table">
            <Table.Caption>
              <FormattedMessage id="staff.accounts.caption" values={{ count: accounts.length }} />
            </Table.Caption>
            <Table.Thead>
              <Table.Tr>
                {(['name', 'email', 'role', 'status', 'mfa', 'actions'] as const).map((c) => (
                  <Table.Th key={c} scope="col">
                    <FormattedMessage id={`staff.accounts.column.${c}`} />
                  </Table.Th>
                ))}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {accounts.map((account) => {
                const self = account.id === me;
                const name = nameOf(account);
                const status = statusOf(account);
                const busy = saving === account.id;
                return (
                  <Table.Tr key={account.id} data-testid="staff-account" data-account-id={account.id} data-status={status}>
                    <Table.Th scope="row" fw={500}>
                      {name}
                      {self && (
                        <Text span size="sm" c="dimmed">
                          {' '}
                          <FormattedMessage id="staff.accounts.you" />
                        </Text>
                      )}
                    </Table.Th>
                    <Table.Td style={{ overflowWrap: 'anywhere' }}>
                      {account.email || (
                        <Text span size="sm" c="dimmed">
                          <FormattedMessage id="staff.accounts.emailHidden" />
                        </Text>
                      )}
                    </Table.Td>
                    <Table.Td>
                      <FormattedMessage id={`staff.accounts.role.${account.role}`} />
                    </Table.Td>
                    <Table.Td>
                      <Text size="sm" c={status === 'disabled' ? 'red.9' : undefined} fw={status === 'active' ? undefined : 600}>
                        <FormattedMessage id={`staff.accounts.status.${status}`} />
                      </Text>
                    </Table.Td>
                    <Table.Td>
                      <Group gap="xs" wrap="nowrap">
                        <Switch
                          checked={account.mfa}
                          disabled={busy}
                          onChange={(e) =>
                            void change(
                              account,
                              { mfa: e.currentTarget.checked },
                              e.currentTarget.checked ? 'staff.accounts.done.mfaOn' : 'staff.accounts.done.mfaOff',
                            )
                          }
                          aria-label={intl.formatMessage({ id: 'staff.accounts.mfa.label' }, { name })}
                        />
                        {/* Seen next to the switch; heard from the switch itself (checked or not). */}
                        <Text size="sm" aria-hidden>
                          <FormattedMessage id={account.mfa ? 'staff.accounts.mfa.on' : 'staff.accounts.mfa.off'} />
                        </Text>
                      </Group>
                    </Table.Td>
                    <Table.Td>
                      <Stack gap={6} align="flex-start">
                        {!self && (
                          <Button
                            size="compact-sm"
                            variant="default"
                            disabled={busy}
                            aria-label={intl.formatMessage(
                              { id: account.role === 'admin' ? 'staff.accounts.makeViewer.label' : 'staff.accounts.makeAdmin.label' },
                              { name },
                            )}
                            onClick={() =>
                              void (account.role === 'admin'
                                ? change(account, { role: 'viewer' }, 'staff.accounts.done.viewer')
                                : change(account, { role: 'admin' }, 'staff.accounts.done.admin'))
                            }
                          >
                            <FormattedMessage id={account.role === 'admin' ? 'staff.accounts.makeViewer' : 'staff.accounts.makeAdmin'} />
                          </Button>
                        )}
                        {!self && (
                          <Button
                            size="compact-sm"
                            variant="default"
                            disabled={busy}
                            aria-label={intl.formatMessage({ id: account.disabled ? 'staff.accounts.enable.label' : 'staff.accounts.disable.label' }, { name })}
                            onClick={() =>
                              void (account.disabled
                                ? change(account, { disabled: false }, 'staff.accounts.done.enabled')
                                : change(account, { disabled: true }, 'staff.accounts.done.disabled'))
                            }
                          >
                            <FormattedMessage id={account.disabled ? 'staff.accounts.enable' : 'staff.accounts.disable'} />
                          </Button>
                        )}
                        {status === 'unverified' && account.email && (
                          <Button
                            size="compact-sm"
                            variant="default"
                            disabled={busy}
                            aria-label={intl.formatMessage({ id: 'staff.accounts.resend.label' }, { name })}
                            onClick={() => void resendConfirmation(account)}
                          >
                            <FormattedMessage id="staff.accounts.resend" />
                          </Button>
                        )}
                        {!self && (
                          <Button
                            size="compact-sm"
                            variant="outline"
                            color="red.9"
                            disabled={busy}
                            aria-label={intl.formatMessage({ id: 'staff.accounts.remove.label' }, { name })}
                            onClick={() => setRemoving(account)}
                          >
                            <FormattedMessage id="staff.accounts.remove" />
                          </Button>
                        )}
                      </Stack>
                    </Table.Td>
                  </Table.Tr>
                );
              })}
            </Table.Tbody>
          </Table>
        </Box>
      )}
      <NewAccountForm onCreated={created} onSessionLost={toSignIn} />
      <ConfirmDialog
        opened={!!removing}
        title={intl.formatMessage({ id: 'staff.accounts.confirmRemove.title' })}
        cancelLabel={intl.formatMessage({ id: 'staff.accounts.cancel' })}
        confirmLabel={intl.formatMessage({ id: 'staff.accounts.confirmRemove.confirm' })}
        onCancel={() => setRemoving(null)}
        onConfirm={() => removing && void remove(removing)}
      >
        {removing && intl.formatMessage({ id: 'staff.accounts.confirmRemove.text' }, { name: nameOf(removing) })}
      </ConfirmDialog>
    </Stack>
  );
}

type Field = 'name' | 'email' | 'role' | 'password' | 'passwordConfirm';
const FIELDS: Field[] = ['name', 'email', 'role', 'password', 'passwordConfirm'];
const EMPTY = { name: '', email: '', role: 'viewer' as StaffRole, password: '', passwordConfirm: '' };

/** A PocketBase field error (err.response.data[field].code) as one of ours: a staff.accounts.error.* key. */
function errorKey(field: Field, code: string): string {
  switch (code) {
    case 'validation_required':
      return 'required';
    case 'validation_is_email':
    case 'validation_invalid_email':
      return 'email';
    case 'validation_not_unique':
      return field === 'email' ? 'emailTaken' : 'other';
    case 'validation_min_text_constraint':
    case 'validation_length_out_of_range':
    case 'validation_length_too_short':
      return field === 'password' ? 'passwordShort' : 'other';
    case 'validation_values_mismatch':
      return field === 'passwordConfirm' ? 'passwordMismatch' : 'other';
    default:
      return 'other';
  }
}

/** What the form can tell before asking the server (the server checks all of it again). */
function check(values: typeof EMPTY): Partial<Record<Field, string>> {
  const errors: Partial<Record<Field, string>> = {};
  if (!values.email.trim()) errors.email = 'required';
  else if (!/^[^\s@]+@[^\s@]+$/.test(values.email.trim())) errors.email = 'email';
  if (!values.password) errors.password = 'required';
  else if (values.password.length < PASSWORD_MIN) errors.password = 'passwordShort';
  if (!values.passwordConfirm) errors.passwordConfirm = 'required';
  else if (values.password !== values.passwordConfirm) errors.passwordConfirm = 'passwordMismatch';
  return errors;
}

function NewAccountForm({ onCreated, onSessionLost }: { onCreated: (account: StaffAccount) => void; onSessionLost: () => void }) {
  const intl = useIntl();
  const [values, setValues] = useState(EMPTY);
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [failed, setFailed] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const form = useRef<HTMLFormElement>(null);

  const set = (field: Field, value: string) => {
    setValues((v) => ({ ...v, [field]: value }));
    if (errors[field]) setErrors((e) => ({ ...e, [field]: undefined }));
  };

  /** The first field in error takes the focus (its error is read out with it). */
  const focusFirstError = (found: Partial<Record<Field, string>>) => {
    const first = FIELDS.find((f) => found[f]);
    if (first) requestAnimationFrame(() => form.current?.querySelector<HTMLElement>(`[name="${first}"]`)?.focus());
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setFailed(null);
    const found = check(values);
    setErrors(found);
    if (Object.keys(found).length > 0) {
      setFailed('staff.accounts.new.invalid');
      return focusFirstError(found);
    }
    setBusy(true);
    try {
      const account = await pb.collection(registry.staffCollection).create<StaffAccount>({
        name: values.name.trim(),
        email: values.email.trim(),
        // The staff collection has no manage rule: without this, other admins would not see the address.
        emailVisibility: true,
        role: values.role,
        password: values.password,
        passwordConfirm: values.passwordConfirm,
      });
      setValues(EMPTY);
      setErrors({});
      onCreated({ ...account, email: account.email ?? values.email.trim() });
    } catch (err) {
      if (isSessionError(err)) return onSessionLost();
      const data = ((err as { response?: { data?: Record<string, { code?: string }> } }).response?.data ?? {}) as Record<string, { code?: string }>;
      const fromServer: Partial<Record<Field, string>> = {};
      for (const field of FIELDS) if (data[field]) fromServer[field] = errorKey(field, data[field].code ?? '');
      setErrors(fromServer);
      setFailed(Object.keys(fromServer).length > 0 ? 'staff.accounts.new.invalid' : 'staff.accounts.new.failed');
      focusFirstError(fromServer);
    } finally {
      setBusy(false);
    }
  };

  const error = (field: Field) => errors[field] && intl.formatMessage({ id: `staff.accounts.error.${errors[field]}` }, { min: PASSWORD_MIN });
  const label = (field: Field) => intl.formatMessage({ id: `staff.accounts.new.${field}` });

  return (
    <Paper withBorder p="md" component="section" aria-labelledby="staff-accounts-new">
      <form ref={form} onSubmit={(e) => void submit(e)} noValidate data-testid="staff-account-form">
        <Stack maw={480}>
          <Title order={2} size="h3" id="staff-accounts-new">
            <FormattedMessage id="staff.accounts.new.title" />
          </Title>
          {failed && (
            <Alert color="red" data-testid="staff-account-form-error">
              {intl.formatMessage({ id: failed })}
            </Alert>
          )}
          <TextInput
            name="name"
            label={label('name')}
            autoComplete="off"
            value={values.name}
            error={error('name')}
            onChange={(e) => set('name', e.currentTarget.value)}
          />
          <TextInput
            name="email"
            type="email"
            label={label('email')}
            autoComplete="off"
            required
            value={values.email}
            error={error('email')}
            onChange={(e) => set('email', e.currentTarget.value)}
          />
          <NativeSelect
            name="role"
            label={label('role')}
            required
            value={values.role}
            error={error('role')}
            onChange={(e) => set('role', e.currentTarget.value)}
            data={STAFF_ROLES.map((r) => ({ value: r, label: intl.formatMessage({ id: `staff.accounts.role.${r}` }) }))}
          />
          <PasswordInput
            name="password"
            label={label('password')}
            description={intl.formatMessage({ id: 'staff.accounts.new.passwordHelp' }, { min: PASSWORD_MIN })}
            autoComplete="new-password"
            required
            value={values.password}
            error={error('password')}
            // (Mantine's PasswordInput links the error to the input but does not mark it invalid itself.)
            aria-invalid={!!errors.password}
            onChange={(e) => set('password', e.currentTarget.value)}
          />
          <PasswordInput
            name="passwordConfirm"
            label={label('passwordConfirm')}
            autoComplete="new-password"
            required
            value={values.passwordConfirm}
            error={error('passwordConfirm')}
            aria-invalid={!!errors.passwordConfirm}
            onChange={(e) => set('passwordConfirm', e.currentTarget.value)}
          />
          <Group>
            <Button type="submit" loading={busy}>
              <FormattedMessage id="staff.accounts.new.submit" />
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}
