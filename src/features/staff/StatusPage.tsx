/**
 * The server's status (admins): the figures Prometheus scrapes from /api/formwork/metrics, for people
 * (GET /api/formwork/status, pb_hooks/lib/metrics.js): applications per list in the last hour, the e-mail
 * outbox, the last backup, replication and retention run, response times, and the warnings first, each in
 * words (not by colour alone). The server refuses viewers anyway; here they are told the page is for admins.
 */
import {
  Alert,
  Button,
  Group,
  List,
  Stack,
  Table,
  Text,
  Title,
} from "@mantine/core";
import { useCallback, useEffect, useState } from "react";
import { FormattedMessage, useIntl } from "react-intl";
import { useLocation, useNavigate } from "react-router-dom";
import { pb } from "../../config/pocketbase.ts";
import { registry } from "../../generated/registry.ts";
import { useDocumentTitle } from "../../hooks/useDocumentTitle.ts";
import { isAdmin } from "./role.ts";
import { isSessionError, signInPath, signOut } from "./session.ts";

/** GET /api/formwork/status: times in ms since the epoch, 0 for never. */
export interface ServerStatus {
  at: number;
  submissions: {
    service: string;
    collection: string;
    lastHour: number;
    sinceStart: number;
  }[];
  outbox: {
    pending: number;
    failed: number;
    failedLeft: number;
    oldestPendingSeconds: number;
  };
  backup: { last: number };
  replication: { configured: boolean; last: number };
  retention: { last: number; schedule: string };
  latency: {
    windowSeconds: number;
    count: number;
    sumSeconds: number;
    quantiles: Record<string, number>;
  } | null;
  warnings: {
    kind: "mail_failed" | "backup_stale" | "replication_stale";
    raised: boolean;
    count?: number;
    minutes?: number;
    hours?: number;
    last?: number;
  }[];
}

export default function StatusPage() {
  const intl = useIntl();
  useDocumentTitle(intl.formatMessage({ id: "staff.nav.status" }));
  return (
    <Stack>
      <Title order={1} size="h2">
        <FormattedMessage id="staff.nav.status" />
      </Title>
      <Text>
        <FormattedMessage id="staff.status.intro" />
      </Text>
      {isAdmin() ? (
        <Status />
      ) : (
        <Alert color="gray" data-testid="status-admins-only">
          <FormattedMessage id="staff.status.adminsOnly" />
        </Alert>
      )}
    </Stack>
  );
}

function Status() {
  const intl = useIntl();
  const navigate = useNavigate();
  const location = useLocation();
  const [status, setStatus] = useState<ServerStatus | null>(null);
  const [error, setError] = useState(false);
  const [loading, setLoading] = useState(false);

  // The state is set in the answer's callbacks: the effect below only starts the request.
  const load = useCallback(() => {
    return pb
      .send<ServerStatus>("/api/formwork/status", { requestKey: null })
      .then(
        (fresh) => {
          setStatus(fresh);
          setError(false);
          setLoading(false);
        },
        (err: unknown) => {
          setLoading(false);
          if (isSessionError(err)) {
            signOut();
            navigate(signInPath(location.pathname, true), { replace: true });
          } else setError(true);
        },
      );
  }, [navigate, location.pathname]);

  useEffect(() => {
    void load();
  }, [load]);

  const when = (ms: number) =>
    ms
      ? intl.formatDate(new Date(ms), {
          dateStyle: "medium",
          timeStyle: "short",
        })
      : intl.formatMessage({ id: "staff.status.never" });
  const listName = (collection: string) => {
    const service = registry.services.find((s) => s.collection === collection);
    return service
      ? intl.formatMessage({ id: service.admin.title })
      : collection;
  };
  const raised = status ? status.warnings.filter((w) => w.raised) : [];
  const ms = (seconds: number | undefined) => Math.round((seconds ?? 0) * 1000);

  return (
    <Stack>
      <Group justify="space-between">
        <Text size="sm" c="dimmed" aria-live="polite">
          {status && (
            <FormattedMessage
              id="staff.status.updated"
              values={{ time: when(status.at) }}
            />
          )}
        </Text>
        <Button
          variant="default"
          size="compact-sm"
          onClick={() => {
            setLoading(true);
            void load();
          }}
          loading={loading}
        >
          <FormattedMessage id="staff.status.refresh" />
        </Button>
      </Group>
      {error && (
        <Alert color="red">
          {intl.formatMessage({ id: "staff.status.loadFailed" })}
        </Alert>
      )}
      {status && (
        <>
          <Stack gap="xs" data-testid="status-warnings">
            {raised.length === 0 ? (
              <Text>
                <FormattedMessage id="staff.status.noWarnings" />
              </Text>
            ) : (
              raised.map((w) => (
                <Alert
                  key={w.kind}
                  color="red"
                  title={intl.formatMessage({ id: "staff.status.warning" })}
                  data-kind={w.kind}
                >
                  <FormattedMessage
                    id={`staff.status.warning.${w.kind}`}
                    values={{
                      count: w.count ?? 0,
                      minutes: w.minutes ?? 0,
                      hours: w.hours ?? 0,
                      last: when(w.last ?? 0),
                    }}
                  />
                </Alert>
              ))
            )}
          </Stack>

          <Title order={2} size="h3">
            <FormattedMessage id="staff.status.submissions" />
          </Title>
          <Table.ScrollContainer minWidth={360}>
            <Table data-testid="status-submissions">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th scope="col">
                    <FormattedMessage id="staff.status.column.list" />
                  </Table.Th>
                  <Table.Th scope="col" ta="right">
                    <FormattedMessage id="staff.status.column.lastHour" />
                  </Table.Th>
                  <Table.Th scope="col" ta="right">
                    <FormattedMessage id="staff.status.column.sinceStart" />
                  </Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {status.submissions.map((s) => (
                  <Table.Tr key={s.collection} data-collection={s.collection}>
                    <Table.Th scope="row" fw={400}>
                      {listName(s.collection)}
                    </Table.Th>
                    <Table.Td ta="right">
                      {intl.formatNumber(s.lastHour)}
                    </Table.Td>
                    <Table.Td ta="right">
                      {intl.formatNumber(s.sinceStart)}
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>

          <Title order={2} size="h3">
            <FormattedMessage id="staff.status.mail" />
          </Title>
          <List size="sm" data-testid="status-mail">
            <List.Item>
              <FormattedMessage
                id="staff.status.mailPending"
                values={{ count: status.outbox.pending }}
              />
              {status.outbox.pending > 0 && (
                <>
                  {" "}
                  <FormattedMessage
                    id="staff.status.mailOldest"
                    values={{
                      minutes: Math.floor(
                        status.outbox.oldestPendingSeconds / 60,
                      ),
                    }}
                  />
                </>
              )}
            </List.Item>
            <List.Item>
              <FormattedMessage
                id="staff.status.mailFailed"
                values={{ count: status.outbox.failed }}
              />
            </List.Item>
          </List>

          <Title order={2} size="h3">
            <FormattedMessage id="staff.status.data" />
          </Title>
          <List size="sm" data-testid="status-data">
            <List.Item>
              <FormattedMessage
                id="staff.status.backup"
                values={{ time: when(status.backup.last) }}
              />
            </List.Item>
            <List.Item>
              {status.replication.configured ? (
                <FormattedMessage
                  id="staff.status.replication"
                  values={{ time: when(status.replication.last) }}
                />
              ) : (
                <FormattedMessage id="staff.status.replicationOff" />
              )}
            </List.Item>
            <List.Item>
              <FormattedMessage
                id="staff.status.retention"
                values={{
                  time: when(status.retention.last),
                  cron: status.retention.schedule,
                }}
              />
            </List.Item>
          </List>

          <Title order={2} size="h3">
            <FormattedMessage id="staff.status.latency" />
          </Title>
          <Text size="sm" data-testid="status-latency">
            {!status.latency ? (
              <FormattedMessage id="staff.status.latencyOff" />
            ) : status.latency.count === 0 ? (
              <FormattedMessage
                id="staff.status.latencyNone"
                values={{ minutes: status.latency.windowSeconds / 60 }}
              />
            ) : (
              <FormattedMessage
                id="staff.status.latencyFigures"
                values={{
                  minutes: status.latency.windowSeconds / 60,
                  count: status.latency.count,
                  p50: intl.formatNumber(ms(status.latency.quantiles["0.5"])),
                  p95: intl.formatNumber(ms(status.latency.quantiles["0.95"])),
                  p99: intl.formatNumber(ms(status.latency.quantiles["0.99"])),
                }}
              />
            )}
          </Text>
        </>
      )}
    </Stack>
  );
}
