// Toolbar items that open a dialog: link, image, embedded video.
import type { ToolbarGroup } from './types'

export const mediaToolbar: ToolbarGroup = {
  id: 'media',
  label: { key: 'editor.toolbar.groups.media' },
  items: [
    { id: 'link', label: { key: 'editor.toolbar.link' }, text: { key: 'editor.toolbar.link' }, shortcut: 'Mod-K', isActive: (editor) => editor.isActive('link'), run: ({ openLinkDialog }) => openLinkDialog() },
    { id: 'image', label: { key: 'editor.toolbar.image' }, text: { key: 'editor.toolbar.image' }, run: ({ openImageDialog }) => openImageDialog() },
    { id: 'video', label: { key: 'editor.toolbar.video' }, text: { key: 'editor.toolbar.videoText' }, run: ({ openVideoDialog }) => openVideoDialog() },
  ],
}
