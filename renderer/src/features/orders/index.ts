// What other features use of orders: the country list of a shipping address (checkout filter),
// money in cents and the order index's facts (dashboard), bin locations (settings), the list's query as plain arrays answer
// it, the store's details for printouts (settings), and seeded orders for their tests.
export { countryOptions } from './shipping-address'
export { toCents } from './order-totals'
export { useOrderIndex } from './use-order-index'
export type { OrderFacts } from './order-index'
export { BIN_FILE_MAX_BYTES, clearBins, parseBinCsv, replaceBins, type BinPreview } from './print/bins'
export { answerOrderQuery } from './order-query'
export { makeOrders, seededRandom } from './order-fixtures'
export { defaultDisplayName, loadPrintoutDetails, logoProblem, savePrintoutDetails, LOGO_TYPES, type PrintoutDetails } from './print/printout-details'
