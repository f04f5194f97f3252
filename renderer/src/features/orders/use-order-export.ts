// Export from the order list: what the export dialog is asked for (the orders matching the
// filter, or the selected ones), the file's format (CSV, with or without a byte order mark, or
// an Excel workbook) and shape as the user last chose them, and the download. Orders are read
// from the cache a chunk at a time, else taken from the store's rows shown. A CSV whose cells a
// spreadsheet could take for formulas is downloaded as it is, with a warning saying so. The file
// is named in the app's language ("bestellungen-2026-03-04.csv"), as its header row is, with the
// store's date in ISO order so the files sort by day in any language.
import { ref, shallowRef } from 'vue'
import { useMessage } from 'naive-ui'
import type { Order } from '@common/store-api/resources'
import { z } from 'zod'
import { useStoreDatabase } from '@/data'
import { deviceSetting, useSetting } from '@/session/settings'
import { t, type Message } from '@/session/i18n'
import { storeToday } from '@/ui/store-time'
import { failureWords } from '@/ui/error-words'
import { formulaLikeCells, ordersToCsv, type ExportShape } from './order-export'
import { downloadBlob } from '@/lib/download'
import { ordersToXlsx } from './order-xlsx'

export type ExportFormat = 'csv' | 'xlsx'
import type { useOrderList } from './use-order-list'

/** Which orders the export dialog is for (all those listed, or the selected ones); `what` names them. */
export interface ExportRequest {
  ids: readonly number[]
  which: 'listed' | 'selected'
  what: Message
}

/** The file's shape, as the user last chose it (a spreadsheet habit rarely changes). */
const EXPORT_SHAPE = deviceSetting('orderExportShape', z.enum(['orders', 'items']), (): ExportShape => 'orders', () => [{ key: 'storedesk.orders.export-shape' }])
const EXPORT_FORMAT = deviceSetting('orderExportFormat', z.enum(['csv', 'xlsx']), (): ExportFormat => 'csv', () => [{ key: 'storedesk.orders.export-format' }])
/** The CSV starts with a byte order mark (what Excel needs to read UTF-8). */
const EXPORT_BOM = deviceSetting('orderExportBom', z.boolean(), () => true, () => [{ key: 'storedesk.orders.export-bom' }])

export function useOrderExport(list: ReturnType<typeof useOrderList>) {
  const db = useStoreDatabase()
  const message = useMessage()
  const exporting = ref(false)
  /** The export dialog's request; null while it is closed. */
  const exportRequest = shallowRef<ExportRequest | null>(null)
  const exportShape = useSetting(EXPORT_SHAPE)
  const exportFormat = useSetting(EXPORT_FORMAT)
  const exportBom = useSetting(EXPORT_BOM)

  /** Full orders for IDs: the cached copies (read a chunk at a time), else the store's rows shown. */
  async function readOrders(ids: readonly number[]): Promise<Order[]> {
    const rows: Order[] = []
    for (let i = 0; i < ids.length; i += 1000) {
      const chunk = ids.slice(i, i + 1000)
      const cached = db.value && list.source.value === 'cache' ? await db.value.orders.bulkGet(chunk) : []
      chunk.forEach((id, j) => {
        const o = cached[j] ?? list.row(id)
        if (o) rows.push(o)
      })
    }
    return rows
  }

  async function exportOrders() {
    const request = exportRequest.value
    if (!request) return
    exporting.value = true
    try {
      const rows = await readOrders(request.ids)
      const shape = exportShape.value === 'items' ? 'items' : 'orders'
      const name = t('orderExport.fileName', { which: request.which, shape, date: storeToday() })
      if (exportFormat.value === 'xlsx') downloadBlob(`${name}.xlsx`, await ordersToXlsx(rows, shape))
      else downloadBlob(`${name}.csv`, new Blob([ordersToCsv(rows, shape, { bom: exportBom.value })], { type: 'text/csv;charset=utf-8' }))
      const lines = shape === 'items' ? rows.reduce((n, o) => n + Math.max(1, o.line_items.length), 0) : rows.length
      message.success(shape === 'items' ? t('orderExport.exportedItems', { n: rows.length, rows: lines }) : t('orderExport.exported', { n: rows.length }))
      // The CSV holds the data as the store has it; a spreadsheet may run a cell starting with
      // = + - or @ as a formula, so the person is told, and where the safe copy is.
      const risky = exportFormat.value === 'csv' ? formulaLikeCells(rows, shape) : 0
      if (risky > 0) message.warning(t('orderExport.formulas', { n: risky }), { duration: 15_000, closable: true })
      exportRequest.value = null
    } catch (error) {
      message.error(t('orderExport.failed', { problem: failureWords(error) }))
    } finally {
      exporting.value = false
    }
  }

  return { exporting, exportRequest, exportShape, exportFormat, exportBom, exportOrders }
}
