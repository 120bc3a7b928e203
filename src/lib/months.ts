/** The months as forms name them in messages ("January GHI: …"), January first. */
export const monthLongNames = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'] as const;

/** The values of a pasted or typed row: a spreadsheet row is tab separated; commas, semicolons and spaces work too. */
export const splitRow = (text: string) => text.split(/[\t,;\s]+/).filter((value) => value !== '');
