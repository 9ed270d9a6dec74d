package dev.statesync.bench.runner;

import picocli.CommandLine.ITypeConverter;
import picocli.CommandLine.TypeConversionException;

/** {@code --schema}: the option names of {@link SchemaKind}. */
final class SchemaKindConverter implements ITypeConverter<SchemaKind>
{
    @Override
    public SchemaKind convert(final String value)
    {
        final SchemaKind kind = SchemaKind.parse(value);
        if (kind == null)
        {
            throw new TypeConversionException("expected snapshot or state, got '" + value + "'");
        }
        return kind;
    }
}
