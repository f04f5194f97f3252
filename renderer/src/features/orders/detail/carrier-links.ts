// A tracking number as a link to its carrier's own tracking page. The carrier is the one the
// order names (logistics_company, stored as `trackname`) when the app knows its page, otherwise
// the one the number's format belongs to (tracking.ts). No link when neither is known: a guessed
// page would show "not found" to a customer service agent on the phone.
import { normalizeTrackingNumber, suggestCarrier } from '../tracking'

export interface TrackingLink {
  carrier: string
  url: string
}

/** Each carrier's public tracking page, the number appended (URL-encoded). */
const PAGES: Record<string, (n: string) => string> = {
  USPS: (n) => `https://tools.usps.com/go/TrackConfirmAction?tLabels=${n}`,
  UPS: (n) => `https://www.ups.com/track?tracknum=${n}`,
  FedEx: (n) => `https://www.fedex.com/fedextrack/?trknbr=${n}`,
  DHL: (n) => `https://www.dhl.com/global-en/home/tracking/tracking-express.html?submit=1&tracking-id=${n}`,
  'Amazon Logistics': (n) => `https://track.amazon.com/tracking/${n}`,
  OnTrac: (n) => `https://www.ontrac.com/tracking/?number=${n}`,
  'Royal Mail': (n) => `https://www.royalmail.com/track-your-item#/tracking-results/${n}`,
  'Canada Post': (n) => `https://www.canadapost-postescanada.ca/track-reperez/en#/search?searchFor=${n}`,
  'Australia Post': (n) => `https://auspost.com.au/mypost/track/details/${n}`,
  'Deutsche Post': (n) => `https://www.deutschepost.de/en/s/shipment-tracking.html?piececode=${n}`,
}

/**
 * Names people type for the same carriers, folded (lower case, letters and digits only). A Map:
 * the carrier name comes from the store, and on a plain object a name such as "Constructor"
 * would find Object.prototype's members instead of nothing.
 */
const ALIASES = new Map<string, string>([
  ['usps', 'USPS'],
  ['unitedstatespostalservice', 'USPS'],
  ['ups', 'UPS'],
  ['unitedparcelservice', 'UPS'],
  ['fedex', 'FedEx'],
  ['federalexpress', 'FedEx'],
  ['dhl', 'DHL'],
  ['dhlexpress', 'DHL'],
  ['amazon', 'Amazon Logistics'],
  ['amazonlogistics', 'Amazon Logistics'],
  ['amazonshipping', 'Amazon Logistics'],
  ['ontrac', 'OnTrac'],
  ['royalmail', 'Royal Mail'],
  ['canadapost', 'Canada Post'],
  ['australiapost', 'Australia Post'],
  ['auspost', 'Australia Post'],
  ['deutschepost', 'Deutsche Post'],
])

const fold = (name: string) => name.toLowerCase().replace(/[^a-z0-9]/g, '')

/** The app's name for a carrier the order names, or null when it is not one with a known page. */
export function knownCarrier(name: string | null | undefined): string | null {
  return name ? (ALIASES.get(fold(name)) ?? null) : null
}

export function trackingLink(trackno: string | null | undefined, carrierName: string | null | undefined): TrackingLink | null {
  const number = normalizeTrackingNumber(trackno ?? '')
  if (!number) return null
  const carrier = knownCarrier(carrierName) ?? knownCarrier(suggestCarrier(number))
  if (!carrier) return null
  return { carrier, url: PAGES[carrier]!(encodeURIComponent(number)) }
}
