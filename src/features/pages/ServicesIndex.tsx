import { Anchor, List, Title } from '@mantine/core';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link } from '../../app/Link.tsx';
import { registry } from '../../generated/registry.ts';
import { useDocumentTitle } from '../../hooks/useDocumentTitle.ts';

/** The list of services, built from the registry (the site's home until a page claims "/"). */
export default function ServicesIndex() {
  const intl = useIntl();
  useDocumentTitle(intl.formatMessage({ id: 'nav.services' }));
  return (
    <>
      <Title order={1} size="h2" mb="md">
        <FormattedMessage id="nav.services" />
      </Title>
      <List>
        {registry.services.flatMap((s) =>
          s.forms.map((f) => (
            <List.Item key={f.route}>
              <Anchor component={Link} to={f.route}>
                {intl.formatMessage({ id: f.title })}
              </Anchor>
            </List.Item>
          )),
        )}
      </List>
    </>
  );
}
