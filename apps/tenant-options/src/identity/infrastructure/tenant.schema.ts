import { Prop, Schema, SchemaFactory } from '@nestjs/mongoose';

@Schema({ collection: 'tenants', timestamps: true, versionKey: false })
export class TenantDocument {
  @Prop({ type: String, required: true })
  _id: string;

  @Prop({ required: true, unique: true })
  domain: string;

  @Prop()
  company?: string;

  @Prop({ required: true, default: 'ACTIVE' })
  status: string;
}

export const TenantSchema = SchemaFactory.createForClass(TenantDocument);
