/**
 * The tax-return service (tests/fixtures/services/taxreturn/) as an editor builds it in the studio: the
 * New service dialog's values, then every edit in the order the e2e test (tests/e2e/studio-taxreturn)
 * clicks and types it. tests/unit/studio/taxreturn-replay.test.ts applies these edits to
 * `newService(TAXRETURN_NEW)` and checks the files are byte-equal to the fixture, so the e2e only has to
 * follow this list: `tab` is where the control is, `control` what to click or type (accessible names
 * from .scratch/issue35.md), `edit` what the model does with it.
 */
import type { ServiceDraft } from './document.ts';
import { addField, type NewField } from './fields.ts';
import { addOption, setAlsoRequire, setAutocomplete, setCategory, setDateLimit, setExample, setFileRules, setLimit, setRequired, setStaffCard } from './constraints.ts';
import { setCondition } from './conditions.ts';
import { addStep, renameStep, setStepOfField, setUseSteps } from './steps.ts';
import { setIntro } from './settings.ts';
import { setText } from './texts.ts';
import type { NewServiceOptions } from './templates.ts';
import type { Locale } from './document.ts';

export type Tab = 'New service' | 'Fields' | 'Steps' | 'Texts' | 'Settings';

export interface ReplayStep {
  tab: Tab;
  /** The control(s), by accessible name, and what goes in them. */
  control: string;
  edit: (draft: ServiceDraft) => ServiceDraft;
}

/** The "New service" dialog: Template "Blank", then these fields, then "Create". */
export const TAXRETURN_NEW: NewServiceOptions = {
  id: 'taxreturn',
  collection: 'taxreturns',
  prefix: 'TX',
  route: '/tax-return',
  adminRoute: '/taxreturns',
};

const KIND_LABEL: Record<string, string> = {
  text: 'Text', email: 'E-mail', phone: 'Phone', number: 'Number', choice: 'Choice', yesno: 'Yes / no', date: 'Date',
  file: 'File', files: 'Several files', group: 'Repeating group',
};

function kindLabel(kind: string): string {
  return kind.startsWith('shared:') ? `Shared: ${kind.slice('shared:'.length)}` : KIND_LABEL[kind]!;
}

function add(field: NewField, group?: string): ReplayStep {
  const where = group === undefined ? '"Add field"' : `"Edit ${group}" → its own "Add field"`;
  const label = field.label ? `, "Label (English)" = ${JSON.stringify(field.label)}` : '';
  return {
    tab: 'Fields',
    control: `${where}: "Kind" = "${kindLabel(field.kind)}", "Field name" = "${field.name}"${label}, "Add"`,
    edit: (d) => addField(d, field, group),
  };
}

function on(ref: string, control: string, edit: (d: ServiceDraft) => ServiceDraft): ReplayStep {
  return { tab: 'Fields', control: `"Edit ${ref}" → ${control}`, edit };
}

const required = (ref: string) => on(ref, 'check "Required"', (d) => setRequired(d, ref, true));
const category = (ref: string, c: string) => on(ref, `"Privacy category" = ${c}`, (d) => setCategory(d, ref, c));
const example = (ref: string, v: string) => on(ref, `"Example" = "${v}"`, (d) => setExample(d, ref, v));
const autocomplete = (ref: string, t: string) => on(ref, `"Autocomplete" = "${t}"`, (d) => setAutocomplete(d, ref, t));
const earliest = (ref: string, v: string) => on(ref, `"Earliest date" = "${v}"`, (d) => setDateLimit(d, ref, 'min', v));
const latest = (ref: string, v: string) => on(ref, `"Latest date" = "${v}"`, (d) => setDateLimit(d, ref, 'max', v));
const option = (ref: string, value: string, text: string) =>
  on(ref, `"Add option": "Option value" = "${value}", "Option text (English)" = "${text}"`, (d) => addOption(d, ref, value, text));
const stepOf = (field: string, step: string): ReplayStep => ({
  tab: 'Steps',
  control: `"Step of ${field}" = "${step}"`,
  edit: (d) => setStepOfField(d, field, step),
});

const LANGUAGE: Record<Locale, string> = { en: 'English', uz: 'Uzbek', ru: 'Russian' };

function text(locale: Locale, key: string, value: string): ReplayStep {
  return { tab: 'Texts', control: `"${key} (${LANGUAGE[locale]})" = ${JSON.stringify(value)}`, edit: (d) => setText(d, locale, key, value) };
}

/** Texts typed in the Texts tab, per language, in the table's order. */
const TEXTS: Record<Locale, [string, string][]> = {
  en: [
    ['title', 'Tax return preparation'],
    ['intro', 'We prepare and file your federal and state returns. Tell us about your household and upload your W-2 forms.'],
    ['fields.dependents.help', 'Children or relatives you support, up to 10.'],
    ['fields.dependents.add', 'Add a dependent'],
    ['fields.dependents.row', 'Dependent {number}'],
    ['admin.title', 'Tax returns'],
    ['received', 'We have your tax documents'],
  ],
  uz: [
    ['title', 'Soliq deklaratsiyasini tayyorlash'],
    ['intro', 'Federal va shtat deklaratsiyalaringizni tayyorlab, topshiramiz. Oilangiz haqida yozing va W-2 shakllaringizni yuklang.'],
    ['steps.about', 'Siz haqingizda'],
    ['steps.family', 'Qaramogʻingizdagilar'],
    ['steps.documents', 'Hujjatlar'],
    ['steps.finish', 'Qabul vaqti'],
    ['fields.birthDate.label', 'Tugʻilgan sana'],
    ['fields.filingStatus.label', 'Topshirish maqomi'],
    ['fields.filingStatus.options.single', 'Turmush qurmagan'],
    ['fields.filingStatus.options.married', 'Turmush qurgan, birgalikda topshiradi'],
    ['fields.filingStatus.options.headOfHousehold', 'Xonadon boshligʻi'],
    ['fields.spouseName.label', 'Turmush oʻrtogʻingizning toʻliq ismi'],
    ['fields.previousPreparer.label', 'Oʻtgan yili deklaratsiyani kim tayyorlagan (agar boʻlsa)'],
    ['fields.previousPreparerPhone.label', 'Uning telefon raqami'],
    ['fields.dependents.label', 'Qaramogʻingizdagilar'],
    ['fields.dependents.help', 'Siz boqayotgan bolalar yoki qarindoshlar, koʻpi bilan 10 nafar.'],
    ['fields.dependents.add', 'Qaramogʻingizdagi shaxsni qoʻshish'],
    ['fields.dependents.row', 'Qaramogʻidagi shaxs {number}'],
    ['fields.dependents.items.name.label', 'Toʻliq ismi'],
    ['fields.dependents.items.birthDate.label', 'Tugʻilgan sana'],
    ['fields.dependents.items.relationship.label', 'Qarindoshligi'],
    ['fields.dependents.items.relationship.options.child', 'Farzand'],
    ['fields.dependents.items.relationship.options.parent', 'Ota yoki ona'],
    ['fields.dependents.items.relationship.options.other', 'Boshqa qarindosh'],
    ['fields.w2.label', 'W-2 shakllari'],
    ['fields.appointment.label', 'Qabul uchun qulay sana'],
    ['admin.title', 'Soliq deklaratsiyalari'],
    ['received', 'Soliq hujjatlaringiz qabul qilindi'],
  ],
  ru: [
    ['title', 'Подготовка налоговой декларации'],
    ['intro', 'Мы готовим и подаём вашу федеральную декларацию и декларацию штата. Расскажите о вашей семье и загрузите формы W-2.'],
    ['steps.about', 'О вас'],
    ['steps.family', 'Иждивенцы'],
    ['steps.documents', 'Документы'],
    ['steps.finish', 'Запись на приём'],
    ['fields.birthDate.label', 'Дата рождения'],
    ['fields.filingStatus.label', 'Статус подачи'],
    ['fields.filingStatus.options.single', 'Не в браке'],
    ['fields.filingStatus.options.married', 'В браке, совместная подача'],
    ['fields.filingStatus.options.headOfHousehold', 'Глава домохозяйства'],
    ['fields.spouseName.label', 'Полное имя супруга(и)'],
    ['fields.previousPreparer.label', 'Кто готовил декларацию в прошлом году (если был)'],
    ['fields.previousPreparerPhone.label', 'Его номер телефона'],
    ['fields.dependents.label', 'Иждивенцы'],
    ['fields.dependents.help', 'Дети или родственники на вашем содержании, не более 10.'],
    ['fields.dependents.add', 'Добавить иждивенца'],
    ['fields.dependents.row', 'Иждивенец {number}'],
    ['fields.dependents.items.name.label', 'Полное имя'],
    ['fields.dependents.items.birthDate.label', 'Дата рождения'],
    ['fields.dependents.items.relationship.label', 'Степень родства'],
    ['fields.dependents.items.relationship.options.child', 'Ребёнок'],
    ['fields.dependents.items.relationship.options.parent', 'Родитель'],
    ['fields.dependents.items.relationship.options.other', 'Другой родственник'],
    ['fields.w2.label', 'Формы W-2'],
    ['fields.appointment.label', 'Желаемая дата приёма'],
    ['admin.title', 'Налоговые декларации'],
    ['received', 'Ваши налоговые документы получены'],
  ],
};

export const TAXRETURN_STEPS: ReplayStep[] = [
  // About the applicant: shared fields keep the shared texts' labels, so they get none of their own.
  add({ name: 'fullName', kind: 'shared:fullName' }),
  required('fullName'),
  autocomplete('fullName', 'name'),
  on('fullName', 'check "Copy button"', (d) => setStaffCard(d, 'fullName', { copy: true })),
  add({ name: 'email', kind: 'shared:email' }),
  required('email'),
  autocomplete('email', 'email'),
  on('email', '"Show as" = "email"', (d) => setStaffCard(d, 'email', { display: 'email' })),
  add({ name: 'birthDate', kind: 'date', label: 'Date of birth' }),
  required('birthDate'),
  earliest('birthDate', '1900-01-01'),
  latest('birthDate', 'today-18y'),
  example('birthDate', '1988-04-12'),
  category('birthDate', 'A'),
  autocomplete('birthDate', 'bday'),
  add({ name: 'filingStatus', kind: 'choice', label: 'Filing status' }),
  option('filingStatus', 'single', 'Single'),
  option('filingStatus', 'married', 'Married filing jointly'),
  option('filingStatus', 'headOfHousehold', 'Head of household'),
  required('filingStatus'),
  category('filingStatus', 'D'),
  // The condition: shown (and then required) only for married couples filing jointly.
  add({ name: 'spouseName', kind: 'shared:fullName', label: "Spouse's full name" }),
  on('spouseName', '"Show only when" = "filingStatus", "equals" = "married"', (d) => setCondition(d, 'spouseName', { when: 'filingStatus', equals: 'married' })),
  required('spouseName'),
  add({ name: 'previousPreparer', kind: 'text', label: "Last year's tax preparer (if any)" }),
  on('previousPreparer', '"Maximum length" = 100', (d) => setLimit(d, 'previousPreparer', 'maxLength', 100)),
  category('previousPreparer', 'D'),
  add({ name: 'previousPreparerPhone', kind: 'shared:phone', label: 'Their phone number' }),
  category('previousPreparerPhone', 'D'),
  on('previousPreparerPhone', '"Show as" = "phone"', (d) => setStaffCard(d, 'previousPreparerPhone', { display: 'phone' })),
  on('previousPreparer', '"When answered, also require" = ["previousPreparerPhone"]', (d) => setAlsoRequire(d, 'previousPreparer', ['previousPreparerPhone'])),
  // The repeating group and its row's fields ("Most rows" starts at 10).
  add({ name: 'dependents', kind: 'group', label: 'Dependents' }),
  category('dependents', 'A'),
  add({ name: 'name', kind: 'text', label: 'Full name' }, 'dependents'),
  required('dependents.name'),
  on('dependents.name', '"Minimum length" = 1', (d) => setLimit(d, 'dependents.name', 'minLength', 1)),
  on('dependents.name', '"Maximum length" = 100', (d) => setLimit(d, 'dependents.name', 'maxLength', 100)),
  example('dependents.name', 'Malika Karimova'),
  add({ name: 'birthDate', kind: 'date', label: 'Date of birth' }, 'dependents'),
  required('dependents.birthDate'),
  latest('dependents.birthDate', 'today'),
  example('dependents.birthDate', '2015-09-01'),
  add({ name: 'relationship', kind: 'choice', label: 'Relationship' }, 'dependents'),
  option('dependents.relationship', 'child', 'Child'),
  option('dependents.relationship', 'parent', 'Parent'),
  option('dependents.relationship', 'other', 'Other relative'),
  required('dependents.relationship'),
  // Several files: PDF, JPEG and PNG, 10 MB each and 5 files are the kind's defaults.
  add({ name: 'w2', kind: 'files', label: 'W-2 forms' }),
  required('w2'),
  on('w2', '"Total size (MB)" = 20', (d) => setFileRules(d, 'w2', { maxTotalSizeMB: 20 })),
  category('w2', 'D'),
  add({ name: 'appointment', kind: 'date', label: 'Preferred appointment date' }),
  required('appointment'),
  earliest('appointment', 'today'),
  latest('appointment', 'today+90d'),
  example('appointment', '2030-01-15'),
  category('appointment', 'D'),
  add({ name: 'terms', kind: 'shared:terms' }),
  required('terms'),
  on('terms', 'uncheck "Show on the staff card"', (d) => setStaffCard(d, 'terms', { shown: false })),
  // Settings: the introduction above the form (its texts are typed in the Texts tab).
  { tab: 'Settings', control: 'check "Introduction text above the form"', edit: (d) => setIntro(d, true) },
  // Steps: the switch puts every field in one step "main"; the editor renames it and adds three.
  { tab: 'Steps', control: 'switch "Show the form in steps" on', edit: (d) => setUseSteps(d, true) },
  { tab: 'Steps', control: '"Id of step main" = "about", then Enter', edit: (d) => renameStep(d, 'main', 'about') },
  { tab: 'Steps', control: '"Title (English)" of about = "About you"', edit: (d) => setText(d, 'en', 'steps.about', 'About you') },
  { tab: 'Steps', control: '"Add step": "Step id" = "family", "Title (English)" = "Dependents"', edit: (d) => addStep(d, 'family', 'Dependents') },
  { tab: 'Steps', control: '"Add step": "Step id" = "documents", "Title (English)" = "Documents"', edit: (d) => addStep(d, 'documents', 'Documents') },
  { tab: 'Steps', control: '"Add step": "Step id" = "finish", "Title (English)" = "Appointment"', edit: (d) => addStep(d, 'finish', 'Appointment') },
  stepOf('dependents', 'family'),
  stepOf('w2', 'documents'),
  stepOf('previousPreparer', 'documents'),
  stepOf('previousPreparerPhone', 'documents'),
  stepOf('appointment', 'finish'),
  stepOf('terms', 'finish'),
  // Texts: what the fields' dialogs did not ask for, then Uzbek and Russian.
  ...(['en', 'uz', 'ru'] as const).flatMap((l) => TEXTS[l].map(([k, v]) => text(l, k, v))),
];

/** The whole build: the new service, then every step. */
export function buildTaxreturn(newServiceFn: (o: NewServiceOptions) => ServiceDraft): ServiceDraft {
  return TAXRETURN_STEPS.reduce((d, s) => s.edit(d), newServiceFn(TAXRETURN_NEW));
}
