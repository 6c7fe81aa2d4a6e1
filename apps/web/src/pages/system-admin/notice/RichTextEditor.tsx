import {
  BoldOutlined, DisconnectOutlined, ItalicOutlined, LinkOutlined, OrderedListOutlined, RedoOutlined,
  UnderlineOutlined, UndoOutlined, UnorderedListOutlined,
} from '@ant-design/icons';
import { EditorContent, useEditor, useEditorState, type Editor } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { Button, Divider, Input, Popover, Space, Tooltip } from 'antd';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import './rich-text-texts';

interface Props {
  id?: string;
  /** HTML; '' for an empty body. */
  value: string;
  onChange: (html: string) => void;
  disabled?: boolean;
}

const SAFE_LINK = /^(https?:\/\/|mailto:)/i;

/** The HTML a form keeps: '' while the editor holds nothing, so a required rule sees an empty body. */
const htmlOf = (editor: Editor) => (editor.isEmpty ? '' : editor.getHTML());

/** A rich-text editor for antd forms (value/onChange), with a toolbar of the usual formatting. */
export default function RichTextEditor({ id, value, onChange, disabled }: Props) {
  const { t } = useTranslation();
  // The HTML last sent to the form: a value that differs came from outside (the form was filled).
  const emitted = useRef(value);
  const editor = useEditor({
    extensions: [
      StarterKit.configure({
        heading: { levels: [1, 2, 3] },
        link: { openOnClick: false, autolink: true, defaultProtocol: 'https', protocols: ['http', 'https', 'mailto'] },
      }),
    ],
    content: value,
    editable: !disabled,
    editorProps: { attributes: { class: 'rich-text-content', role: 'textbox', 'aria-multiline': 'true', 'aria-label': t('richText.editor') } },
    onUpdate: ({ editor: current }) => {
      const html = htmlOf(current);
      emitted.current = html;
      onChange(html);
    },
  });

  useEffect(() => {
    if (!editor || value === emitted.current) return;
    emitted.current = value;
    editor.commands.setContent(value, { emitUpdate: false });
  }, [editor, value]);

  useEffect(() => {
    editor?.setEditable(!disabled);
  }, [editor, disabled]);

  return (
    <div id={id} className={`rich-text${disabled ? ' rich-text-disabled' : ''}`}>
      {editor && <Toolbar editor={editor} disabled={disabled} />}
      <EditorContent editor={editor} />
    </div>
  );
}

function Toolbar({ editor, disabled }: { editor: Editor; disabled?: boolean }) {
  const { t } = useTranslation();
  const state = useEditorState({
    editor,
    selector: ({ editor: e }) => ({
      bold: e.isActive('bold'),
      italic: e.isActive('italic'),
      underline: e.isActive('underline'),
      h1: e.isActive('heading', { level: 1 }),
      h2: e.isActive('heading', { level: 2 }),
      h3: e.isActive('heading', { level: 3 }),
      bulletList: e.isActive('bulletList'),
      orderedList: e.isActive('orderedList'),
      link: e.isActive('link'),
      canUndo: e.can().undo(),
      canRedo: e.can().redo(),
    }),
  });
  const chain = () => editor.chain().focus();
  const tool = (label: string, icon: ReactNode, active: boolean, run: () => void, enabled = true) => (
    <Tooltip title={label} key={label}>
      <Button
        type={active ? 'primary' : 'text'}
        size="small"
        icon={icon}
        aria-label={label}
        aria-pressed={active}
        disabled={disabled || !enabled}
        // Keep the selection in the editor while the button is pressed.
        onMouseDown={(e) => e.preventDefault()}
        onClick={run}
      />
    </Tooltip>
  );
  const heading = (level: 1 | 2 | 3) => {
    const label = t('richText.heading', { level });
    return (
      <Tooltip title={label} key={label}>
        <Button
          type={state[`h${level}`] ? 'primary' : 'text'}
          size="small"
          aria-label={label}
          aria-pressed={state[`h${level}`]}
          disabled={disabled}
          onMouseDown={(e) => e.preventDefault()}
          onClick={() => chain().toggleHeading({ level }).run()}
        >
          H{level}
        </Button>
      </Tooltip>
    );
  };
  return (
    <div className="rich-text-toolbar" role="toolbar" aria-label={t('richText.toolbar')}>
      <Space size={2} wrap>
        {tool(t('richText.bold'), <BoldOutlined />, state.bold, () => chain().toggleBold().run())}
        {tool(t('richText.italic'), <ItalicOutlined />, state.italic, () => chain().toggleItalic().run())}
        {tool(t('richText.underline'), <UnderlineOutlined />, state.underline, () => chain().toggleUnderline().run())}
        <Divider orientation="vertical" />
        {heading(1)}
        {heading(2)}
        {heading(3)}
        <Divider orientation="vertical" />
        {tool(t('richText.bulletList'), <UnorderedListOutlined />, state.bulletList, () => chain().toggleBulletList().run())}
        {tool(t('richText.orderedList'), <OrderedListOutlined />, state.orderedList, () => chain().toggleOrderedList().run())}
        <Divider orientation="vertical" />
        <LinkButton editor={editor} active={state.link} disabled={disabled} />
        {tool(t('richText.unlink'), <DisconnectOutlined />, false, () => chain().extendMarkRange('link').unsetLink().run(), state.link)}
        <Divider orientation="vertical" />
        {tool(t('richText.undo'), <UndoOutlined />, false, () => chain().undo().run(), state.canUndo)}
        {tool(t('richText.redo'), <RedoOutlined />, false, () => chain().redo().run(), state.canRedo)}
      </Space>
    </div>
  );
}

/** Sets or changes the link of the selection (or of the link the cursor is in). */
function LinkButton({ editor, active, disabled }: { editor: Editor; active: boolean; disabled?: boolean }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [url, setUrl] = useState('');
  const [error, setError] = useState(false);
  const label = t('richText.link');

  const show = (next: boolean) => {
    if (next) {
      setUrl(String(editor.getAttributes('link').href ?? ''));
      setError(false);
    }
    setOpen(next);
  };
  const apply = () => {
    const href = url.trim();
    const range = editor.chain().focus().extendMarkRange('link');
    if (href === '') {
      range.unsetLink().run();
    } else if (!SAFE_LINK.test(href)) {
      setError(true);
      return;
    } else if (editor.state.selection.empty && !active) {
      // No selection: the address itself becomes the linked text.
      range.insertContent({ type: 'text', text: href, marks: [{ type: 'link', attrs: { href } }] }).run();
    } else {
      range.setLink({ href }).run();
    }
    setOpen(false);
  };

  return (
    <Popover
      open={open}
      onOpenChange={show}
      trigger="click"
      content={(
        <Space.Compact style={{ width: 320 }}>
          <Input
            aria-label={t('richText.linkUrl')}
            placeholder={t('richText.linkPlaceholder')}
            value={url}
            status={error ? 'error' : undefined}
            onChange={(e) => { setUrl(e.target.value); setError(false); }}
            onPressEnter={apply}
            autoFocus
          />
          <Button type="primary" onClick={apply}>{t('richText.linkApply')}</Button>
        </Space.Compact>
      )}
      title={error ? <span className="rich-text-link-error">{t('richText.linkInvalid')}</span> : t('richText.linkUrl')}
    >
      <Tooltip title={label}>
        <Button type={active ? 'primary' : 'text'} size="small" icon={<LinkOutlined />} aria-label={label} aria-pressed={active} disabled={disabled} />
      </Tooltip>
    </Popover>
  );
}
