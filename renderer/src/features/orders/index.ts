// What other features use of orders: the country list of a shipping address (checkout filter),
// money in cents and the order index's facts (dashboard), bin locations (settings),
// and the store's details for printouts (settings).
export { countryOptions } from './shipping-address'
export { toCents } from './order-totals'
export { useOrderIndex } from './use-order-index'
export { BIN_FILE_MAX_BYTES, clearBins, parseBinCsv, replaceBins, type BinPreview } from './print/bins'
export { defaultDisplayName, loadPrintoutDetails, logoProblem, savePrintoutDetails, LOGO_TYPES, type PrintoutDetails } from './print/printout-details'
