// The shipping-address edit: the fields `POST /orders/{id}/shipping` takes, their checks,
// the country and state/province code lists, the before/after comparison and the mapping
// of the store's 422 field messages back onto the form.
//
// Sources: country codes from @common/store-api/countries.ts, their names from the platform
// in the app's language (Intl.DisplayNames); state/province codes from country-region-data
// (ISO 3166-2 based short codes, as the store's `state` holds a province abbreviation). A
// country with no listed subdivisions takes a free-text code checked for shape only. Phones are checked with libphonenumber-js for the chosen country
// and sent in E.164; postcodes with postcode-validator where it knows the country.
import { allCountries } from 'country-region-data'
import { isSupportedCountry, parsePhoneNumberFromString } from 'libphonenumber-js'
import { postcodeValidator, postcodeValidatorExistsForCountry } from 'postcode-validator'
import type { OrderShippingAddress } from '@common/store-api/resources'
import { intlLocale, t, type MessageKey } from '@/session/i18n'
import { COUNTRY_CODES, isCountryCode } from '@common/store-api/countries'

export const SHIPPING_FIELDS = ['first_name', 'last_name', 'country', 'state', 'city', 'address_1', 'address_2', 'postcode', 'phone'] as const
export type ShippingField = (typeof SHIPPING_FIELDS)[number]
export type ShippingForm = Record<ShippingField, string>
export type ShippingErrors = Partial<Record<ShippingField, string>>

export const REQUIRED_SHIPPING_FIELDS: readonly ShippingField[] = ['first_name', 'last_name', 'country', 'state', 'city', 'address_1', 'postcode', 'phone']

const SHIPPING_LABELS: Record<ShippingField, MessageKey> = {
  first_name: 'shipping.fields.first_name',
  last_name: 'shipping.fields.last_name',
  country: 'shipping.fields.country',
  state: 'shipping.fields.state',
  city: 'shipping.fields.city',
  address_1: 'shipping.fields.address_1',
  address_2: 'shipping.fields.address_2',
  postcode: 'shipping.fields.postcode',
  phone: 'shipping.fields.phone',
}

/** A field's name in the app's language. */
export function shippingLabel(field: ShippingField): string {
  return t(SHIPPING_LABELS[field])
}

/** What to type in each text field, as an example. */
const SHIPPING_PLACEHOLDERS: Partial<Record<ShippingField, MessageKey>> = {
  first_name: 'shipping.examples.first_name',
  last_name: 'shipping.examples.last_name',
  city: 'shipping.examples.city',
  address_1: 'shipping.examples.address_1',
  address_2: 'shipping.examples.address_2',
  postcode: 'shipping.examples.postcode',
  phone: 'shipping.examples.phone',
}

export function shippingPlaceholder(field: ShippingField): string | undefined {
  const key = SHIPPING_PLACEHOLDERS[field]
  return key ? t(key) : undefined
}

export interface CodeOption {
  label: string
  value: string
}

const countryLists = new Map<string, CodeOption[]>()
const regionNames = new Map<string, Intl.DisplayNames>()

/** A country's name in a language (the app's by default), as the platform gives it. */
export function countryName(code: string, locale: string = intlLocale()): string {
  let names = regionNames.get(locale)
  if (!names) regionNames.set(locale, (names = new Intl.DisplayNames([locale], { type: 'region' })))
  return names.of(code) ?? code
}

/** Every country code with its name in the app's language, sorted by name as the language sorts. */
export function countryOptions(locale: string = intlLocale()): CodeOption[] {
  let list = countryLists.get(locale)
  if (!list) {
    list = [...COUNTRY_CODES].map((value) => ({ value, label: `${countryName(value, locale)} (${value})` })).sort((a, b) => a.label.localeCompare(b.label, locale))
    countryLists.set(locale, list)
  }
  return list
}


const regionsByCountry = new Map<string, CodeOption[]>(
  allCountries.map(([, code, regions]) => [
    code,
    regions
      .filter(([, short]) => !!short)
      .map(([name, short]) => ({ value: short, label: `${name} (${short})` })),
  ]),
)

/** The state/province codes of a country; empty when none are listed (free text then). */
export function regionOptions(country: string): CodeOption[] {
  return regionsByCountry.get(country) ?? []
}

const FREE_STATE_CODE = /^[A-Za-z0-9][A-Za-z0-9 -]{0,9}$/

export function emptyShippingForm(): ShippingForm {
  return Object.fromEntries(SHIPPING_FIELDS.map((f) => [f, ''])) as ShippingForm
}

export function formFromAddress(address: Partial<OrderShippingAddress>): ShippingForm {
  const form = emptyShippingForm()
  for (const f of SHIPPING_FIELDS) form[f] = String(address[f] ?? '')
  return form
}

/**
 * Checks the form; an empty object means it can be sent. Every required field must be there;
 * with `before`, a field's format is checked only where the operator changed it (a field left
 * alone is the store's, and is sent as the store holds it).
 */
export function validateShippingForm(form: ShippingForm, before?: ShippingForm): ShippingErrors {
  const errors = checkShippingFields(form)
  if (!before) return errors
  // A required field left empty is always said, changed or not.
  const missing = (f: ShippingField) => REQUIRED_SHIPPING_FIELDS.includes(f) && !form[f].trim()
  const kept = Object.fromEntries(Object.entries(errors).filter(([f]) => form[f as ShippingField].trim() !== before[f as ShippingField].trim() || missing(f as ShippingField)))
  // A state left alone is checked again when the country changed under it.
  if (errors.state && form.country.trim() !== before.country.trim()) kept.state = errors.state
  return kept as ShippingErrors
}

function checkShippingFields(form: ShippingForm): ShippingErrors {
  const errors: ShippingErrors = {}
  const value = (f: ShippingField) => form[f].trim()
  for (const f of REQUIRED_SHIPPING_FIELDS) if (!value(f)) errors[f] = t('shipping.required', { field: shippingLabel(f) })

  const country = value('country')
  if (country && !isCountryCode(country)) errors.country = t('shipping.chooseCountry')
  const countryOk = !!country && !errors.country

  const state = value('state')
  if (state && countryOk) {
    const regions = regionOptions(country)
    if (regions.length > 0 && !regions.some((r) => r.value === state)) errors.state = t('shipping.chooseState')
    if (regions.length === 0 && !FREE_STATE_CODE.test(state)) errors.state = t('shipping.stateCode')
  }

  const postcode = value('postcode')
  if (postcode && countryOk && postcodeValidatorExistsForCountry(country) && !postcodeValidator(postcode, country)) {
    errors.postcode = t('shipping.badPostcode', { country: countryName(country) })
  }

  const phone = value('phone')
  if (phone && countryOk) {
    const parsed = isSupportedCountry(country) ? parsePhoneNumberFromString(phone, country) : parsePhoneNumberFromString(phone)
    if (!parsed || !parsed.isValid()) errors.phone = t('shipping.badPhone', { country: countryName(country) })
  }
  return errors
}

/** The body `orders.updateShipping` takes: trimmed, phone in E.164, address_2 only when given. */
export function shippingBody(form: ShippingForm): { shipping: { country: string; state: string; city: string; first_name: string; last_name: string; address_1: string; phone: string; postcode: string; address_2?: string } } {
  const field = (f: ShippingField) => form[f].trim()
  const country = field('country')
  const parsed = isSupportedCountry(country) ? parsePhoneNumberFromString(field('phone'), country) : parsePhoneNumberFromString(field('phone'))
  return {
    shipping: {
      country,
      state: field('state'),
      city: field('city'),
      first_name: field('first_name'),
      last_name: field('last_name'),
      address_1: field('address_1'),
      phone: parsed?.isValid() ? parsed.number : field('phone'),
      postcode: field('postcode'),
      ...(field('address_2') ? { address_2: field('address_2') } : {}),
    },
  }
}

/**
 * What an address edit sends: the fields the operator changed (checked, trimmed, the phone in
 * E.164), every other field exactly as the store has it, and the list of changed fields, which
 * the write watches and writes (data/writes/orders.ts).
 */
export function shippingChange(before: ShippingForm, form: ShippingForm): { shipping: ReturnType<typeof shippingBody>['shipping']; changed: ShippingField[] } {
  const changed = compareAddresses(before, form).filter((c) => c.changed).map((c) => c.field)
  const normalized = shippingBody(form).shipping as Record<string, string | undefined>
  const shipping: Record<string, string> = {}
  for (const f of SHIPPING_FIELDS) {
    const value = changed.includes(f) ? (normalized[f] ?? '') : before[f]
    if (f !== 'address_2' || value !== '') shipping[f] = value
  }
  return { shipping: shipping as ReturnType<typeof shippingBody>['shipping'], changed }
}

export interface AddressChange {
  field: ShippingField
  label: string
  before: string
  after: string
  changed: boolean
}

/** Before/after rows for the confirmation view, field by field. */
export function compareAddresses(before: ShippingForm, after: ShippingForm): AddressChange[] {
  return SHIPPING_FIELDS.map((field) => {
    const b = before[field].trim()
    const a = after[field].trim()
    return { field, label: shippingLabel(field), before: b, after: a, changed: a !== b }
  })
}

/**
 * The store's 422 messages placed on their fields. The store names fields by path
 * (`shipping.phone`) or bare (`phone`); anything that is not a form field is returned
 * under `general` so it is still shown.
 */
export function storeFieldErrors(fields: Record<string, string[]> | undefined): { byField: ShippingErrors; general: string[] } {
  const byField: ShippingErrors = {}
  const general: string[] = []
  for (const [path, messages] of Object.entries(fields ?? {})) {
    const name = path.split('.').pop() as ShippingField
    if ((SHIPPING_FIELDS as readonly string[]).includes(name)) byField[name] = messages.join(' ')
    else general.push(...messages)
  }
  return { byField, general }
}
