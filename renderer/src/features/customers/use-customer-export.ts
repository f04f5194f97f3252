// Exporting the Customers list as shown (its search and sort) to CSV or an Excel workbook: each
// customer's summary from the index, and their latest order read from the cache (a chunk at a
// time) for the address; then the download.
import { ref, type Ref } from 'vue'
import { useMessage } from 'naive-ui'
import { format } from 'date-fns'
import type { Order } from '@common/store-api/resources'
import type { CustomerIndex, StoreDatabase } from '@/data'
import { downloadBlob } from '@/lib/download'
import { t } from '@/session/i18n'
import { failureWords } from '@/ui/error-words'
import { customerCells, customersToCsv, customersToXlsx, type ExportFormat } from './customer-export'

const CHUNK = 1000

export function useCustomerExport(index: Ref<CustomerIndex | null>, database: Ref<StoreDatabase | null>) {
  const message = useMessage()
  const exporting = ref<ExportFormat | null>(null)

  async function exportCustomers(keys: readonly string[], as: ExportFormat) {
    const current = index.value
    const db = database.value
    if (!current || !db || exporting.value) return
    exporting.value = as
    try {
      const rows: ReturnType<typeof customerCells>[] = []
      for (let i = 0; i < keys.length; i += CHUNK) {
        const chunk = keys.slice(i, i + CHUNK)
        const latestIds = chunk.map((key) => current.orderIdsOf(key)[0] ?? -1)
        const latest = (await db.orders.bulkGet(latestIds)) as (Order | undefined)[]
        chunk.forEach((key, j) => {
          const summary = current.summary(key)
          if (summary) rows.push(customerCells(summary, current.mainCurrency, latest[j]))
        })
      }
      const name = `customers-${format(new Date(), 'yyyy-MM-dd')}`
      if (as === 'csv') downloadBlob(`${name}.csv`, new Blob([customersToCsv(rows)], { type: 'text/csv;charset=utf-8' }))
      else downloadBlob(`${name}.xlsx`, await customersToXlsx(rows))
      message.success(t('customers.exported', { n: rows.length, format: as }))
    } catch (error) {
      message.error(t('customers.exportFailed', { error: failureWords(error) }))
    } finally {
      exporting.value = null
    }
  }

  return { exporting, exportCustomers }
}
