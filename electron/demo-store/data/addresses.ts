// How the store derives an address's `address_index` (the concatenated address) and
// `short_address`, both recomputed whenever a shipping address is replaced.
export interface AddressParts {
  address_1: string
  address_2?: string
  city: string
  state: string
  state_name?: string
  postcode: string
  country: string
}

export function addressIndex(a: AddressParts): string {
  return [a.address_1, a.address_2, a.city, a.state_name || a.state, a.postcode, a.country].filter((p) => p && p.trim() !== '').join(', ')
}

export function shortAddress(a: AddressParts): string {
  return [a.city, a.state, a.country].filter((p) => p && p.trim() !== '').join(', ')
}
