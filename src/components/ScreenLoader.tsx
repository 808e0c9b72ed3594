import { Center, Loader } from '@mantine/core';
import { useIntl } from 'react-intl';

/** What a screen (or a part of one: `height`) shows while its code or its texts are loading: a labelled spinner. */
export function ScreenLoader({ height = '40vh' }: { height?: string }) {
  const intl = useIntl();
  return (
    <Center h={height}>
      <Loader role="progressbar" aria-label={intl.formatMessage({ id: 'app.loading' })} />
    </Center>
  );
}
