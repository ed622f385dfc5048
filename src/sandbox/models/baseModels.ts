// The models every sandbox database has.
import { apiKeyModel } from './apiKeyModel';
import { apiKeyDescriptionModel, apiKeyShowModel } from './apiKeyWizardModels';
import { identityCheckModel } from './identityCheckModel';
import type { ModelSpec } from '../orm/modelDefinition';
import { META_MODELS } from './metaModels';
import { configParameterModel, modelDataModel } from './configParameterModel';
import { currencyModel } from './currencyModel';
import { wideLineModel, wideModel } from './wideModel';
import { partnerCategoryModel } from './partnerCategoryModel';
import { partnerModel } from './partnerModel';
import { countryModel, langModel } from './referenceModels';
import { companyModel, groupPrivilegeModel, groupsModel, moduleCategoryModel, usersModel } from './userModels';
import { SALES_MODELS } from './sales/salesModels';

export const BASE_MODELS: readonly ModelSpec[] = [
  partnerModel,
  partnerCategoryModel,
  countryModel,
  langModel,
  companyModel,
  usersModel,
  groupsModel,
  groupPrivilegeModel,
  moduleCategoryModel,
  configParameterModel,
  modelDataModel,
  apiKeyModel,
  apiKeyDescriptionModel,
  apiKeyShowModel,
  identityCheckModel,
  currencyModel,
  wideModel,
  wideLineModel,
  ...META_MODELS,
  ...SALES_MODELS,
];
