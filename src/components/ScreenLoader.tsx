import { Center, Loader } from '@mantine/core';
import { useIntl } from 'react-intl';

/** What a screen shows while its code or its texts are loading: a labelled spinner. */
export function ScreenLoader() {
  const intl = useIntl();
  return (
    <Center h="40vh">
      <Loader role="progressbar" aria-label={intl.formatMessage({ id: 'app.loading' })} />
    </Center>
  );
}
