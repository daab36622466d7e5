import type { Attributes, InitOptions, Model, ModelAttributes, ModelStatic, Sequelize } from 'sequelize';
import { keptWithDatabase } from './kept-with-database.js';

/**
 * A table through its model bound to one database handle: a subclass of `model` per handle, made
 * the first time it is asked for. `Model.init` binds the class it is called on for the whole
 * process, so a second database opened in it (the tests open several) would take the model over.
 * The bound class keeps the model's name, which its SQL aliases use.
 */
export function tableModel<M extends Model>(
  model: ModelStatic<M>,
  attributes: ModelAttributes<M, Attributes<M>>,
  options: Omit<InitOptions<M>, 'sequelize' | 'modelName'>,
): (db: Sequelize) => ModelStatic<M> {
  return keptWithDatabase((db) => {
    const bound = class extends (model as unknown as typeof Model) {};
    bound.init(attributes as ModelAttributes, { ...options, sequelize: db, modelName: model.name } as InitOptions);
    return bound as unknown as ModelStatic<M>;
  });
}
