/** Merch tab (SPEC §2): page text and the products. */
import { blankMerchItem, formatMerchPrice, type MerchItem } from '@punchline/domain';
import { useEditorForm } from '../editor/editor-context';
import { FieldGrid, FormSection } from '../editor/editor-screen';
import { TextField } from '../editor/fields';
import { TextControl, UrlControl } from '../ui/form-controls';
import { ItemListEditor } from '../ui/list-controls';
import { MediaControl } from '../editor/media-field';
import { PageThemeSection } from './page-theme-section';

export function MerchTab() {
  const { settings, update, canEdit } = useEditorForm();
  return (
    <>
      <FormSection title="Merch page">
        <TextField field="merch_title" label="Title" />
        <TextField field="merch_intro" label="Intro" multiline rows={2} />
      </FormSection>
      <FormSection title="Products">
        <ItemListEditor<MerchItem>
          legend="Products"
          items={settings.merch_items}
          onChange={(merch_items) => update({ merch_items })}
          newItem={blankMerchItem}
          addLabel="Add product"
          itemNoun="Product"
          emptyText="No merch items yet."
          itemTitle={(item, index) => [item.title.trim() || `Product ${index + 1}`, formatMerchPrice(item.price)].filter(Boolean).join(' · ')}
          renderItem={(item, set, index) => (
            <div className="ed-member">
              <MediaControl label={`Image of product ${index + 1}`} kind="image" value={item.image_url} disabled={!canEdit} onChange={(image_url) => set({ ...item, image_url })} />
              <FieldGrid>
                <TextControl label="Title" value={item.title} onChange={(title) => set({ ...item, title })} />
                <TextControl label="Price" value={item.price} placeholder="25" hint="Free text; an amount such as 25 is shown as $25, words such as Free as written." onChange={(price) => set({ ...item, price })} />
              </FieldGrid>
              <TextControl label="Description" value={item.description} multiline rows={2} onChange={(description) => set({ ...item, description })} />
              <UrlControl label="Buy link" value={item.buy_url} onChange={(buy_url) => set({ ...item, buy_url })} />
            </div>
          )}
        />
      </FormSection>
      <PageThemeSection page="merch" />
    </>
  );
}
