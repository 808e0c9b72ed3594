import { Stack, Title } from '@mantine/core';
import { useIntl } from 'react-intl';
import type { PageEntry, PageModule } from '../../engine/types.ts';
import { Blocks } from '../../components/Blocks.tsx';
import { useDocumentTitle } from '../../hooks/useDocumentTitle.ts';

/** A static page of schemas/pages/, in the current language, with its content loaded (app/routes.tsx). */
export default function PageView({ page, content }: { page: PageEntry; content: PageModule }) {
  const intl = useIntl();
  const title = intl.formatMessage({ id: page.title });
  useDocumentTitle(title);
  return (
    <Stack>
      <Title order={1} size="h2">
        {title}
      </Title>
      <Blocks blocks={content.blocks} />
    </Stack>
  );
}
