import { RULE_MESSAGES } from '../../../resources/rules';
import { commonValues, resourceItems } from './items';

/**
 * Texts of the generic resource screens (console/src/resources). A resource's own name and labels live in
 * its definition's texts file (shared/resources/<name>.texts.ts) and arrive here as `items`.
 */
export const resourcesEn = {
  items: resourceItems('en'),
  values: commonValues('en'),
  // The API's own rule texts, so server messages and console labels cannot drift apart.
  validation: { ...RULE_MESSAGES },
  actions: {
    add: 'Add',
    edit: 'Edit',
    delete: 'Delete',
    save: 'Save',
    cancel: 'Cancel',
    choose: 'Choose',
    saved: 'Saved',
    deleted: 'Deleted',
    confirmDelete: 'Delete this record?',
    confirmDeleteMany: 'Delete the {{count}} selected records?',
    deleteSelected: 'Delete selected',
    searchPlaceholder: 'Search code or name',
    actions: 'Actions',
    total: '{{total}} in all',
    addTitle: 'Add {{name}}',
    editTitle: 'Edit {{name}}',
  },
  exchange: {
    exists: '"{{value}}" does not exist',
    unique: '"{{value}}" is already used',
    export: 'Export',
    exportCsv: 'CSV (comma-separated)',
    exportXlsx: 'Excel workbook (XLSX)',
    exported: 'The export is downloading',
    import: 'Import',
    importTitle: 'Import {{name}} rows',
    pickFile: 'Choose a CSV or XLSX file',
    pickHint: 'Use the columns of an export: line 1 names them, each line below is one record. References are written by name or code.',
    uploading: 'Uploading {{percent}}%',
    checking: 'Checking every row…',
    writing: 'Writing the rows…',
    summary: '{{rows}} rows: {{good}} good, {{bad}} with errors',
    line: 'Line',
    problem: 'Error',
    noProblems: 'Every row is good.',
    problemsTitle: 'Rows with errors',
    previewTitle: 'First rows of the file',
    keepGood: 'Import the {{good}} good rows',
    allOrNothing: 'Import only if every row is good',
    nothingWritten: 'Nothing was written: {{bad}} rows have errors',
    written: '{{written}} rows imported',
    chooseAnother: 'Choose another file',
    close: 'Close',
    ignoredColumns: 'Columns left out (read-only or unknown): {{columns}}',
  },
  tree: {
    title: 'Departments',
    empty: 'No departments yet',
    countNote: 'The number beside a department counts its meters, those of its sub-departments included.',
    metersOf: 'Meters of {{name}} ({{code}})',
    noMeterAccess: 'Your role does not include the device list.',
    choose: 'Choose a department in the tree',
  },
};
