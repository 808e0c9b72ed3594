/**
 * An accordion block (schemas: `"type": "accordion"`): sections that open and close, each holding blocks.
 * A module of its own, loaded with the routes that show one (components/blockModules.ts), since Mantine's
 * Accordion and its Collapse are on few pages.
 */
import { Accordion } from '@mantine/core';
import type { Block } from '../engine/types.ts';
import { Blocks, type Level } from './Blocks.tsx';

export interface AccordionBlockProps {
  block: Extract<Block, { type: 'accordion' }>;
  /** Each section's title, in the current language. */
  titles: string[];
  constants: Record<string, number | string>;
  /** Heading level of the blocks inside the sections. */
  level: Level;
}

export default function AccordionBlock({ block, titles, constants, level }: AccordionBlockProps) {
  return (
    <Accordion multiple defaultValue={block.sections.filter((s) => s.open).map((s) => s.title)} variant="separated">
      {block.sections.map((s, i) => (
        <Accordion.Item key={s.title} value={s.title}>
          <Accordion.Control>{titles[i]}</Accordion.Control>
          <Accordion.Panel>
            <Blocks blocks={s.blocks} constants={constants} level={level} />
          </Accordion.Panel>
        </Accordion.Item>
      ))}
    </Accordion>
  );
}
