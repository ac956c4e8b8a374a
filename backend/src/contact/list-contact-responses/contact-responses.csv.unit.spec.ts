import type { ContactResponseItem } from '../contact-responses.read';
import { contactCsvFileName, contactResponsesCsv, guardSpreadsheetCell } from './contact-responses.csv';

const item: ContactResponseItem = {
  id: 'a1',
  name: 'Ada, "the" Countess',
  email: 'ada@example.com',
  message: 'Line one\nLine two',
  created_at: '2025-04-01T12:00:00.000Z',
  responded: true,
  responded_at: '2025-04-02T09:00:00.000Z',
  responded_by: 'ana@example.com',
  notes: '',
  delivery_status: 'failed',
  delivery_error: null,
  erased_at: null,
};

describe('contact responses CSV', () => {
  it('has a header, quotes what needs quoting and leaves nulls empty', () => {
    expect(contactResponsesCsv([item])).toBe(
      '\uFEFFid,created_at,name,email,message,responded,responded_at,responded_by,notes,delivery_status,delivery_error,erased_at\r\n' +
        'a1,2025-04-01T12:00:00.000Z,"Ada, ""the"" Countess",ada@example.com,"Line one\nLine two",true,2025-04-02T09:00:00.000Z,ana@example.com,,failed,,\r\n',
    );
  });

  it('says when an erased message was erased (its words are gone, DESIGN §16)', () => {
    const erased = { ...item, name: '', email: '', message: '', erased_at: '2025-05-01T08:00:00.000Z' };
    expect(contactResponsesCsv([erased]).split('\r\n')[1]).toBe('a1,2025-04-01T12:00:00.000Z,,,,true,2025-04-02T09:00:00.000Z,ana@example.com,,failed,,2025-05-01T08:00:00.000Z');
  });

  it('turns would-be formulas into text', () => {
    for (const danger of ['=HYPERLINK("http://evil.example")', '+1+1', '-2+3', '@SUM(A1)', '\t=1', '\r=1']) {
      expect(guardSpreadsheetCell(danger)).toBe(`'${danger}`);
    }
    for (const safe of ['Ada', ' =1', 'a=b', '']) expect(guardSpreadsheetCell(safe)).toBe(safe);
    const csv = contactResponsesCsv([{ ...item, name: '=cmd|calc', notes: '@here' }]);
    expect(csv).toContain(",'=cmd|calc,");
    expect(csv).toContain(",'@here,");
  });

  it('is named after the UTC day of the export', () => {
    expect(contactCsvFileName(new Date('2025-04-01T23:30:00-05:00'))).toBe('contact-responses-2025-04-02.csv');
  });
});
