import { Prop, Schema, SchemaFactory } from '@nestjs/mongoose';

@Schema({ collection: 'users', timestamps: true, versionKey: false })
export class UserDocument {
  @Prop({ required: true })
  tenant: string;

  @Prop({ required: true })
  userName: string;

  @Prop({ required: true })
  passwordHash: string;

  @Prop({ type: [String], default: [] })
  roles: string[];
}

export const UserSchema = SchemaFactory.createForClass(UserDocument);
UserSchema.index({ tenant: 1, userName: 1 }, { unique: true });
