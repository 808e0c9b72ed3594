/**
 * The services of the project: each by its English title (a link to its editor), its id, table and
 * form address; a new one from a template, or a copy of one.
 */
import { Button, Group, Loader, Table, Text, Title, VisuallyHidden } from '@mantine/core';
import { useState } from 'react';
import { useIntl } from 'react-intl';
import { Link } from 'react-router-dom';
import { useCatalogue } from '../catalogue/CatalogueContext.tsx';
import { NewServiceModal } from './NewServiceModal.tsx';

export function ServicesPage() {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
  const { services, loaded } = useCatalogue();
  // null: no dialog; 'blank' or a service's id: the dialog, starting from that template.
  const [template, setTemplate] = useState<string | null>(null);
  return (
    <>
      <Group justify="space-between" mb="md">
        <Title order={1}>{t('services.heading')}</Title>
        <Button onClick={() => setTemplate('blank')}>{t('services.new.button')}</Button>
      </Group>
      {!loaded ? (
        <Loader aria-label={t('app.loading')} />
      ) : (
        <Table.ScrollContainer minWidth={640}>
          <Table striped highlightOnHover>
            <Table.Caption>{t('services.caption', { count: services.length })}</Table.Caption>
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">{t('services.column.title')}</Table.Th>
                <Table.Th scope="col">{t('services.column.id')}</Table.Th>
                <Table.Th scope="col">{t('services.column.collection')}</Table.Th>
                <Table.Th scope="col">{t('services.column.route')}</Table.Th>
                <Table.Th scope="col">{t('services.column.fields')}</Table.Th>
                <Table.Th scope="col">
                  <VisuallyHidden>{t('services.column.actions')}</VisuallyHidden>
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {services.map((service) => (
                <Table.Tr key={service.id}>
                  <Table.Th scope="row" fw={400}>
                    <Text component={Link} to={`/services/${service.id}`} c="var(--mantine-color-anchor)" td="underline">
                      {service.title}
                    </Text>
                  </Table.Th>
                  <Table.Td>
                    <code>{service.id}</code>
                  </Table.Td>
                  <Table.Td>
                    <code>{service.collection}</code>
                  </Table.Td>
                  <Table.Td>
                    <code>{service.route}</code>
                  </Table.Td>
                  <Table.Td>{service.fields}</Table.Td>
                  <Table.Td>
                    <Button size="xs" variant="default" onClick={() => setTemplate(service.id)}>
                      {t('services.duplicate', { id: service.id })}
                    </Button>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      {template !== null && <NewServiceModal template={template} onClose={() => setTemplate(null)} />}
    </>
  );
}
