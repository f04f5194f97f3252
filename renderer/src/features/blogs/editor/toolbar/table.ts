// Toolbar items of tables: insert one, and edit rows and columns while inside one.
import type { Editor } from '@tiptap/core'
import type { ToolbarGroup } from './types'

const inTable = (editor: Editor) => editor.isActive('table')

export const tableToolbar: ToolbarGroup = {
  id: 'table',
  label: { key: 'editor.toolbar.groups.table' },
  items: [
    { id: 'table-insert', label: { key: 'editor.toolbar.tableInsert' }, text: { key: 'editor.toolbar.tableText' }, run: ({ editor }) => editor.chain().focus().insertTable({ rows: 3, cols: 3, withHeaderRow: true }).run() },
    { id: 'table-row-add', label: { key: 'editor.toolbar.rowAdd' }, text: { key: 'editor.toolbar.rowAddText' }, isVisible: inTable, run: ({ editor }) => editor.chain().focus().addRowAfter().run() },
    { id: 'table-column-add', label: { key: 'editor.toolbar.columnAdd' }, text: { key: 'editor.toolbar.columnAddText' }, isVisible: inTable, run: ({ editor }) => editor.chain().focus().addColumnAfter().run() },
    { id: 'table-row-delete', label: { key: 'editor.toolbar.rowDelete' }, text: { key: 'editor.toolbar.rowDeleteText' }, isVisible: inTable, run: ({ editor }) => editor.chain().focus().deleteRow().run() },
    { id: 'table-column-delete', label: { key: 'editor.toolbar.columnDelete' }, text: { key: 'editor.toolbar.columnDeleteText' }, isVisible: inTable, run: ({ editor }) => editor.chain().focus().deleteColumn().run() },
    { id: 'table-delete', label: { key: 'editor.toolbar.tableDelete' }, text: { key: 'editor.toolbar.tableDeleteText' }, isVisible: inTable, run: ({ editor }) => editor.chain().focus().deleteTable().run() },
  ],
}
