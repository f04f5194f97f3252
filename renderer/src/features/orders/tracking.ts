// Adding tracking to an order: the tracking number's checks, the carrier suggested from the
// number's format (ts-tracking-number knows UPS, USPS, FedEx, DHL, Amazon, OnTrac and the
// UPU S10 postal format), and the body `POST /orders/{id}/track` takes.
import { allCouriers, getTracking, type TrackingCourier } from 'ts-tracking-number'

/** Carriers offered in the carrier field (the operator may type any other). */
export const CARRIERS = ['USPS', 'UPS', 'FedEx', 'DHL', 'Amazon Logistics', 'OnTrac', 'Royal Mail', 'Canada Post', 'Australia Post', 'Deutsche Post'] as const

const NAME_BY_COURIER_CODE: Record<string, string> = {
  usps: 'USPS',
  ups: 'UPS',
  fedex: 'FedEx',
  dhl: 'DHL',
  amazon: 'Amazon Logistics',
  ontrac: 'OnTrac',
}

/** Letters, digits and dashes; spaces typed or scanned inside the number are dropped. */
const TRACKING_NUMBER = /^[A-Za-z0-9-]{4,64}$/

export function normalizeTrackingNumber(raw: string): string {
  return raw.replace(/\s+/g, '')
}

export function trackingNumberError(raw: string): string | null {
  const trackno = normalizeTrackingNumber(raw)
  if (!trackno) return 'Tracking number is required.'
  if (!TRACKING_NUMBER.test(trackno)) return 'A tracking number has 4 to 64 letters, digits or dashes.'
  return null
}

/** The carrier the number's format belongs to, or null when no format matches. */
export function suggestCarrier(raw: string): string | null {
  const trackno = normalizeTrackingNumber(raw)
  if (!trackno) return null
  // Carriers print their numbers in capitals; one typed in lower case is the same number.
  const match = getTracking(trackno.toUpperCase())
  if (!match) return null
  return NAME_BY_COURIER_CODE[match.courier.code] ?? match.courier.name
}

/** The same carriers' formats without their check digits: a number that matches only these has a wrong one. */
const FORMATS_WITHOUT_CHECK_DIGITS: TrackingCourier[] = allCouriers.map((courier) => ({
  ...courier,
  tracking_numbers: courier.tracking_numbers.map((format) => ({ ...format, validation: { ...format.validation, checksum: undefined } })),
}))

/**
 * Why a number needs a second look before it goes out, in words, or null when a carrier's
 * format (check digit included) matches: a carrier's format with a check digit that does not
 * add up (a typo, most often), or no carrier's format at all.
 */
export function trackingFormatWarning(raw: string): string | null {
  const trackno = normalizeTrackingNumber(raw)
  if (!trackno || suggestCarrier(trackno)) return null
  const lookalike = getTracking(trackno.toUpperCase(), FORMATS_WITHOUT_CHECK_DIGITS)
  if (lookalike) {
    const carrier = NAME_BY_COURIER_CODE[lookalike.courier.code] ?? lookalike.courier.name
    return `${trackno} looks like a ${carrier} number, but its check digit is wrong: a digit may be mistyped.`
  }
  return `No carrier uses the format of ${trackno}.`
}

export interface TrackInput {
  trackno: string
  carrier: string
  sendEmail: boolean
}

export function trackBody(input: TrackInput): { trackno: string; sendemail: boolean; logistics_company?: string } {
  const carrier = input.carrier.trim()
  return {
    trackno: normalizeTrackingNumber(input.trackno),
    sendemail: input.sendEmail,
    ...(carrier ? { logistics_company: carrier } : {}),
  }
}
