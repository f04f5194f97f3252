// Adding tracking to an order: the tracking number's checks, the carrier suggested from the
// number's format (ts-tracking-number knows UPS, USPS, FedEx, DHL, Amazon, OnTrac and the
// UPU S10 postal format), whether a number in a carrier's format has a wrong check digit, and
// the body `POST /orders/{id}/track` takes. What an operator is told about a number, at every
// entry point, is tracking-policy.ts's.
import { allCouriers, getTracking } from 'ts-tracking-number'
import { say, type Message } from '@/session/i18n'

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

/** What is wrong with the number's shape, as a message (null when it can be used). */
export function trackingNumberProblem(raw: string): Message | null {
  const trackno = normalizeTrackingNumber(raw)
  if (!trackno) return { key: 'tracking.required' }
  if (!TRACKING_NUMBER.test(trackno)) return { key: 'tracking.shape' }
  return null
}

export function trackingNumberError(raw: string): string | null {
  const problem = trackingNumberProblem(raw)
  return problem ? say(problem) : null
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

/** Each carrier format that carries a check digit, as a whole-number pattern, with its carrier's name. */
const CHECKED_FORMATS: readonly { carrier: string; pattern: RegExp }[] = allCouriers.flatMap((courier) =>
  courier.tracking_numbers
    .filter((format) => !!format.validation.checksum)
    .map((format) => ({
      carrier: NAME_BY_COURIER_CODE[courier.courier_code] ?? courier.name,
      pattern: new RegExp(`^(?:${typeof format.regex === 'string' ? format.regex : format.regex.join('')})$`),
    })),
)

/**
 * What the number's format says: its carrier when a format (and its check digit) matches; the
 * carrier whose format it has when only the check digit is wrong (a mistyped or misread digit);
 * null when no carrier uses this format at all.
 */
export function formatCheck(raw: string): { carrier: string; checkDigit: 'right' | 'wrong' } | null {
  const carrier = suggestCarrier(raw)
  if (carrier) return { carrier, checkDigit: 'right' }
  const trackno = normalizeTrackingNumber(raw).toUpperCase().replace(/[^A-Z0-9]/g, '')
  const format = trackno ? CHECKED_FORMATS.find((f) => f.pattern.test(trackno)) : undefined
  return format ? { carrier: format.carrier, checkDigit: 'wrong' } : null
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
