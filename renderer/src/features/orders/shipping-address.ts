// The shipping-address edit: the fields `POST /orders/{id}/shipping` takes, their checks,
// the country and state/province code lists, the before/after comparison and the mapping
// of the store's 422 field messages back onto the form.
//
// Sources: country codes from @common/store-api/countries.ts, their names from the platform
// (Intl.DisplayNames, English); state/province codes from country-region-data (ISO 3166-2
// based short codes, as the store's `state` holds a province abbreviation). A country with no listed subdivisions takes a free-text code
// checked for shape only. Phones are checked with libphonenumber-js for the chosen country
// and sent in E.164; postcodes with postcode-validator where it knows the country.
import { allCountries } from 'country-region-data'
import { isSupportedCountry, parsePhoneNumberFromString } from 'libphonenumber-js'
import { postcodeValidator, postcodeValidatorExistsForCountry } from 'postcode-validator'
import type { OrderShippingAddress } from '@common/store-api/resources'
import { COUNTRY_CODES, isCountryCode } from '@common/store-api/countries'

export const SHIPPING_FIELDS = ['first_name', 'last_name', 'country', 'state', 'city', 'address_1', 'address_2', 'postcode', 'phone'] as const
export type ShippingField = (typeof SHIPPING_FIELDS)[number]
export type ShippingForm = Record<ShippingField, string>
export type ShippingErrors = Partial<Record<ShippingField, string>>

export const REQUIRED_SHIPPING_FIELDS: readonly ShippingField[] = ['first_name', 'last_name', 'country', 'state', 'city', 'address_1', 'postcode', 'phone']

export const SHIPPING_LABELS: Record<ShippingField, string> = {
  first_name: 'First name',
  last_name: 'Last name',
  country: 'Country',
  state: 'State / province',
  city: 'City',
  address_1: 'Address',
  address_2: 'Apartment, suite (optional)',
  postcode: 'Postcode',
  phone: 'Phone',
}

/** What to type in each text field, as an example. */
export const SHIPPING_PLACEHOLDERS: Partial<Record<ShippingField, string>> = {
  first_name: 'e.g. Ava',
  last_name: 'e.g. Brown',
  city: 'e.g. Portland',
  address_1: 'Street and number',
  address_2: 'Apartment, suite, floor',
  postcode: 'e.g. 97201',
  phone: 'With country code, e.g. +1 503 555 0100',
}

export interface CodeOption {
  label: string
  value: string
}

let names: Intl.DisplayNames | null = null
/** A country's English name, as the platform gives it. */
function countryName(code: string): string {
  names ??= new Intl.DisplayNames('en', { type: 'region' })
  return names.of(code) ?? code
}

let countryList: CodeOption[] | null = null

/** Every country code with its English name, sorted by name. */
export function countryOptions(): CodeOption[] {
  countryList ??= [...COUNTRY_CODES].map((value) => ({ value, label: `${countryName(value)} (${value})` })).sort((a, b) => a.label.localeCompare(b.label, 'en'))
  return countryList
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
  const kept = Object.fromEntries(Object.entries(errors).filter(([f, message]) => form[f as ShippingField].trim() !== before[f as ShippingField].trim() || message?.endsWith('is required.')))
  // A state left alone is checked again when the country changed under it.
  if (errors.state && form.country.trim() !== before.country.trim()) kept.state = errors.state
  return kept as ShippingErrors
}

function checkShippingFields(form: ShippingForm): ShippingErrors {
  const errors: ShippingErrors = {}
  const value = (f: ShippingField) => form[f].trim()
  for (const f of REQUIRED_SHIPPING_FIELDS) if (!value(f)) errors[f] = `${SHIPPING_LABELS[f]} is required.`

  const country = value('country')
  if (country && !isCountryCode(country)) errors.country = 'Choose a country from the list.'
  const countryOk = !!country && !errors.country

  const state = value('state')
  if (state && countryOk) {
    const regions = regionOptions(country)
    if (regions.length > 0 && !regions.some((r) => r.value === state)) errors.state = 'Choose a state or province of this country from the list.'
    if (regions.length === 0 && !FREE_STATE_CODE.test(state)) errors.state = 'Use the state or province code: letters, digits, spaces or dashes, up to 10.'
  }

  const postcode = value('postcode')
  if (postcode && countryOk && postcodeValidatorExistsForCountry(country) && !postcodeValidator(postcode, country)) {
    errors.postcode = `This is not a valid postcode for ${countryName(country)}.`
  }

  const phone = value('phone')
  if (phone && countryOk) {
    const parsed = isSupportedCountry(country) ? parsePhoneNumberFromString(phone, country) : parsePhoneNumberFromString(phone)
    if (!parsed || !parsed.isValid()) errors.phone = `This is not a valid phone number for ${countryName(country)}. Include the area code, or start with + and the country code.`
  }
  return errors
}

/** The body `orders.updateShipping` takes: trimmed, phone in E.164, address_2 only when given. */
export function shippingBody(form: ShippingForm): { shipping: { country: string; state: string; city: string; first_name: string; last_name: string; address_1: string; phone: string; postcode: string; address_2?: string } } {
  const t = (f: ShippingField) => form[f].trim()
  const country = t('country')
  const parsed = isSupportedCountry(country) ? parsePhoneNumberFromString(t('phone'), country) : parsePhoneNumberFromString(t('phone'))
  return {
    shipping: {
      country,
      state: t('state'),
      city: t('city'),
      first_name: t('first_name'),
      last_name: t('last_name'),
      address_1: t('address_1'),
      phone: parsed?.isValid() ? parsed.number : t('phone'),
      postcode: t('postcode'),
      ...(t('address_2') ? { address_2: t('address_2') } : {}),
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
    return { field, label: SHIPPING_LABELS[field], before: b, after: a, changed: a !== b }
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
