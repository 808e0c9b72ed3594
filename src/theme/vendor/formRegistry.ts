/**
 * Stands in for @rjsf/core's `getDefaultRegistry` where RJSF's Form imports it (vite.config.ts aliases
 * Form.js's `../getDefaultRegistry.js` here; the package's public `getDefaultRegistry` export stays
 * RJSF's own). The default registry is every field, template and widget RJSF core has, and Form merges
 * the theme's over it, so the browser shipped all of them: the array, anyOf/oneOf and layout-grid
 * fields, a rating, colour and alt-date widget, core templates the theme replaces, ~14 KB gzip that no
 * form of ours can reach.
 *
 * What a form can reach is fixed by the meta-schemas a service's files must pass
 * (schemas/meta/property.meta.json, ui.meta.json): a form is one flat object whose properties are
 * strings, booleans, numbers and integers (no arrays, no anyOf/oneOf, no ui:field), and a field's
 * widget follows from its schema (engine/widgets.ts), or is `hidden` for a value the route fixed
 * (engine/localizeForm.ts). So this registry keeps:
 * - the fields for those types, and the fallback RJSF uses for a schema with no known type;
 * - the core widgets the theme has no own for: text, e-mail, hidden, and the date and URL inputs RJSF
 *   picks for `format: date` / `uri` (it picks a format's widget only if the registry has one);
 * - the core template the theme does not replace that a scalar field can reach (unsupported field).
 * tests/unit/renderer/form-registry.test.ts checks that every field of every generated form resolves,
 * through this registry and the theme, to the same field and widget as through RJSF's full one.
 * Allowing arrays or anyOf in the meta-schemas means adding their fields and templates here.
 */
import BooleanField from '@rjsf/core/lib/components/fields/BooleanField.js';
import FallbackField from '@rjsf/core/lib/components/fields/FallbackField.js';
import NullField from '@rjsf/core/lib/components/fields/NullField.js';
import NumberField from '@rjsf/core/lib/components/fields/NumberField.js';
import ObjectField from '@rjsf/core/lib/components/fields/ObjectField.js';
import SchemaField from '@rjsf/core/lib/components/fields/SchemaField.js';
import StringField from '@rjsf/core/lib/components/fields/StringField.js';
import UnsupportedField from '@rjsf/core/lib/components/templates/UnsupportedField.js';
import DateWidget from '@rjsf/core/lib/components/widgets/DateWidget.js';
import EmailWidget from '@rjsf/core/lib/components/widgets/EmailWidget.js';
import HiddenWidget from '@rjsf/core/lib/components/widgets/HiddenWidget.js';
import TextWidget from '@rjsf/core/lib/components/widgets/TextWidget.js';
import URLWidget from '@rjsf/core/lib/components/widgets/URLWidget.js';
import { DEFAULT_ID_PREFIX, DEFAULT_ID_SEPARATOR, englishStringTranslator, type Registry, type TemplatesType } from '@rjsf/utils';

/** As RJSF's: Form completes it with the theme, the form's schema utilities and its options. */
export default function getDefaultRegistry(): Omit<Registry, 'schemaUtils'> {
  return {
    fields: { BooleanField, FallbackField, NullField, NumberField, ObjectField, SchemaField, StringField },
    // The theme (src/theme/index.ts) supplies every other template a scalar field renders with.
    templates: { UnsupportedFieldTemplate: UnsupportedField } as unknown as TemplatesType,
    widgets: { DateWidget, EmailWidget, HiddenWidget, TextWidget, URLWidget },
    rootSchema: {},
    formContext: {},
    translateString: englishStringTranslator,
    globalFormOptions: { idPrefix: DEFAULT_ID_PREFIX, idSeparator: DEFAULT_ID_SEPARATOR, useFallbackUiForUnsupportedType: false },
  };
}
