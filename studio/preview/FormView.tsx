/**
 * The form as an applicant sees it: the site's own form page (ServiceFormPage → ApplicationForm, steps,
 * "Check your answers") at the form's address, started from the schema's examples so every step and the
 * review can be reached. Each payload mounts a new form page (it takes its module when mounted); the
 * router stays, so the step shown stays across edits.
 */
import { Container } from '@mantine/core';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import ServiceFormPage from '../../src/features/forms/ServiceFormPage.tsx';
import type { PreparedPreview } from './previewEntry.ts';

export function FormView({ prepared, seq }: { prepared: PreparedPreview; seq: number }) {
  const variant = prepared.service.forms[0];
  const form = prepared.payload.service.forms[0];
  if (!variant || !form) return null;
  return (
    <Container size="sm" py="md">
      <MemoryRouter key={`${prepared.service.id}\u0000${variant.route}`} initialEntries={[form.path]}>
        <Routes>
          <Route path={variant.route} element={<ServiceFormPage key={seq} service={prepared.service} variant={variant} initial={form.sample} />} />
        </Routes>
      </MemoryRouter>
    </Container>
  );
}
