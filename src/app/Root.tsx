import { Container } from '@mantine/core';
import { Outlet, ScrollRestoration } from 'react-router-dom';
import { LocaleProvider } from './locale.tsx';

/** Every route renders inside the language provider. */
export default function Root() {
  return (
    <LocaleProvider>
      <Container size="sm" py="lg" component="main">
        <Outlet />
      </Container>
      <ScrollRestoration />
    </LocaleProvider>
  );
}
