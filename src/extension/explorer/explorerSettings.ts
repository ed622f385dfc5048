// The explorer's setting names (relative to the json2 section).

/** Whether models are grouped by the first segment of their name (`json2.explorer.groupModels`). */
export const GROUPING_SETTING = 'explorer.groupModels';
