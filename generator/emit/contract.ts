/** The browser–server contract (generator/contract.ts), once per side: a TS module and a CommonJS one for the hooks. */
import { contractOf } from '../contract.ts';
import type { SiteModel } from '../model/types.ts';
import type { Files } from './registry.ts';
import { render } from './template.ts';

export function emitContract(site: SiteModel): Files {
  const contract = contractOf(site);
  return new Map([
    ['src/generated/contract.ts', render('contract.ts.hbs', { contract })],
    ['pb_hooks/generated/contract.js', render('contract.js.hbs', { contract })],
  ]);
}
