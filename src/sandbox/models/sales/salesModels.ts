// The models of the sales flow: sequences, units, product categories, taxes, products and their variants, orders and
// their lines.
import type { ModelSpec } from '../../orm/modelDefinition';
import { productCategoryModel, uomModel } from './catalogModels';
import { productTemplateModel } from './productTemplateModel';
import { productVariantModel } from './productVariantModel';
import { saleOrderLineModel } from './saleOrderLineModel';
import { saleOrderModel } from './saleOrderModel';
import { sequenceModel } from './sequenceModel';
import { taxModel } from './taxModel';

export const SALES_MODELS: readonly ModelSpec[] = [
  sequenceModel,
  uomModel,
  productCategoryModel,
  taxModel,
  productTemplateModel,
  productVariantModel,
  saleOrderModel,
  saleOrderLineModel,
];
