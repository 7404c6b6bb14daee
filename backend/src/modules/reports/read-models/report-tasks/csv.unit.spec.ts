import { csvCell, csvLine } from './csv';

describe('CSV cells', () => {
  it('prefixes cells a spreadsheet would run as a formula', () => {
    expect(csvCell('=HYPERLINK("http://evil","click")')).toBe(`"'=HYPERLINK(""http://evil"",""click"")"`);
    expect(csvCell('+1 tablet')).toBe("'+1 tablet");
    expect(csvCell('-2')).toBe("'-2");
    expect(csvCell('@SUM(A1)')).toBe("'@SUM(A1)");
    expect(csvCell('\tcmd')).toBe("'\tcmd");
    expect(csvCell('Tylenol = pain')).toBe('Tylenol = pain');
  });

  it('quotes commas, quotes and line breaks, and leaves the rest as typed', () => {
    expect(csvCell('Amoxicillin, 250 mg')).toBe('"Amoxicillin, 250 mg"');
    expect(csvCell('said "no"')).toBe('"said ""no"""');
    expect(csvCell('line one\nline two')).toBe('"line one\nline two"');
    expect(csvCell('Maya')).toBe('Maya');
    expect(csvCell(null)).toBe('');
    expect(csvCell(3)).toBe('3');
    expect(csvLine(['a', 1, null, '=x'])).toBe("a,1,,'=x\r\n");
  });
});
