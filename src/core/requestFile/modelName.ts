// What a model's technical name looks like, for the request files and for whatever else reads model names from text.

/** A model's technical name (`res.partner`, `x_custom.model`). */
export const MODEL_NAME_PATTERN = /^[A-Za-z_][A-Za-z0-9_]*(?:\.[A-Za-z0-9_]+)*$/;
