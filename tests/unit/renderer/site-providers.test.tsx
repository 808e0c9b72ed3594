/**
 * src/app/SiteProviders.tsx gives Mantine's components their context without MantineProvider: they must
 * render as they do under the provider (set up as the site had it, its <style> elements aside, which
 * theme.css holds), read the same settings and theme, and what the provider would otherwise do at run time
 * must be done elsewhere or not be needed.
 */
import {
  Alert,
  Anchor,
  Button,
  Card,
  Checkbox,
  DEFAULT_THEME,
  Loader,
  MantineProvider,
  mergeMantineTheme,
  NativeSelect,
  Progress,
  Stack,
  Text,
  TextInput,
  Title,
  useMantineColorScheme,
  useMantineContext,
  useMantineTheme,
} from '@mantine/core';
import { readFileSync } from 'node:fs';
import type { ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { SiteProviders } from '../../../src/app/SiteProviders.tsx';
import { cssVariablesResolver, theme } from '../../../src/app/theme.ts';

/**
 * React's useId values numbered in order of appearance: the provider's own hooks take ids too, so the
 * same component's id differs by where it sits in the tree, not by what it renders.
 */
const sameIds = (html: string) => {
  const seen = new Map<string, number>();
  return html.replace(/_R_[0-9a-zA-Z]+_/g, (id) => `_id${seen.get(id) ?? seen.set(id, seen.size).size - 1}_`);
};
const underMantine = (children: ReactNode) =>
  sameIds(
    renderToStaticMarkup(
      <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver} withCssVariables={false} withGlobalClasses={false}>
        {children}
      </MantineProvider>,
    ),
  );
const underSite = (children: ReactNode) => sameIds(renderToStaticMarkup(<SiteProviders>{children}</SiteProviders>));

/** A bit of everything the site's screens use, with the props that read the theme (colours, sizes, radius). */
const sample = (
  <Stack gap="sm" hiddenFrom="xl">
    <Title order={2}>Heading</Title>
    <Text c="dimmed" size="sm">
      Secondary
    </Text>
    <Button variant="filled">Submit</Button>
    <Button variant="light" color="red" size="compact-sm">
      Delete
    </Button>
    <TextInput label="Name" description="As on your ID" error="Required" required />
    <NativeSelect label="State" data={['NY', 'NJ']} />
    <Checkbox label="I agree" />
    <Alert title="Saved" color="teal">
      Your application was received.
    </Alert>
    <Anchor href="/privacy" size="sm">
      Privacy
    </Anchor>
    <Card withBorder radius="md">
      Card
    </Card>
    <Progress value={40} />
    <Loader size="sm" />
  </Stack>
);

/** What a component reads from the providers, functions aside. */
function Probe() {
  const { colorScheme, classNamesPrefix, cssVariablesSelector, withStaticClasses, headless, env } = useMantineContext();
  const resolved = useMantineContext().cssVariablesResolver?.(useMantineTheme());
  const read = { colorScheme, classNamesPrefix, cssVariablesSelector, withStaticClasses, headless, env, scheme: useMantineColorScheme().colorScheme, resolved };
  return <pre>{JSON.stringify({ read, theme: useMantineTheme() })}</pre>;
}

describe('SiteProviders', () => {
  it('renders Mantine components as MantineProvider does', () => {
    const site = underSite(sample);
    expect(site).toBe(underMantine(sample));
    expect(site).toContain('Your application was received.');
  });

  it('gives the same settings and theme', () => {
    const site = JSON.parse(
      underSite(<Probe />)
        .replace(/^<pre>|<\/pre>$/g, '')
        .replace(/&quot;/g, '"')
        .replace(/&amp;/g, '&'),
    );
    const mantine = JSON.parse(
      underMantine(<Probe />)
        .replace(/^<pre>|<\/pre>$/g, '')
        .replace(/&quot;/g, '"')
        .replace(/&amp;/g, '&'),
    );
    expect(site).toEqual(mantine);
    expect(site.read.colorScheme).toBe('light');
    expect(site.theme.primaryColor).toBe('brand'); // site.json's brand colour (src/app/theme.ts)
  });

  it('leaves nothing of the provider undone: a light page, no reduced-motion switch to follow', () => {
    // The provider writes the scheme on <html>; the page carries it from the start.
    expect(readFileSync(new URL('../../../index.html', import.meta.url), 'utf8')).toMatch(/<html [^>]*data-mantine-color-scheme="light"/);
    // The provider toggles reduced motion only for a theme asking for it.
    expect(mergeMantineTheme(DEFAULT_THEME, theme).respectReducedMotion).toBe(false);
  });
});
