package dev.statesync.bench.runner;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** A strict little JSON parser for tests: objects to maps, arrays to lists, numbers to doubles. */
final class MiniJson
{
    private final String text;
    private int at;

    private MiniJson(final String text)
    {
        this.text = text;
    }

    static Object parse(final String text)
    {
        final MiniJson parser = new MiniJson(text);
        final Object value = parser.value();
        parser.skipSpace();
        if (parser.at != text.length())
        {
            throw parser.error("trailing characters");
        }
        return value;
    }

    private Object value()
    {
        skipSpace();
        if (at >= text.length())
        {
            throw error("unexpected end");
        }
        final char c = text.charAt(at);
        if (c == '{')
        {
            return object();
        }
        if (c == '[')
        {
            return array();
        }
        if (c == '"')
        {
            return string();
        }
        if (text.startsWith("null", at))
        {
            at += 4;
            return null;
        }
        if (text.startsWith("true", at))
        {
            at += 4;
            return Boolean.TRUE;
        }
        if (text.startsWith("false", at))
        {
            at += 5;
            return Boolean.FALSE;
        }
        return number();
    }

    private Map<String, Object> object()
    {
        final Map<String, Object> map = new LinkedHashMap<>();
        at++;
        skipSpace();
        if (text.charAt(at) == '}')
        {
            at++;
            return map;
        }
        while (true)
        {
            skipSpace();
            final String key = string();
            skipSpace();
            expect(':');
            if (map.put(key, value()) != null)
            {
                throw error("duplicate key " + key);
            }
            skipSpace();
            if (text.charAt(at) == ',')
            {
                at++;
                continue;
            }
            expect('}');
            return map;
        }
    }

    private List<Object> array()
    {
        final List<Object> list = new ArrayList<>();
        at++;
        skipSpace();
        if (text.charAt(at) == ']')
        {
            at++;
            return list;
        }
        while (true)
        {
            list.add(value());
            skipSpace();
            if (text.charAt(at) == ',')
            {
                at++;
                continue;
            }
            expect(']');
            return list;
        }
    }

    private String string()
    {
        expect('"');
        final StringBuilder out = new StringBuilder();
        while (text.charAt(at) != '"')
        {
            char c = text.charAt(at++);
            if (c == '\\')
            {
                c = text.charAt(at++);
                switch (c)
                {
                    case 'n' -> out.append('\n');
                    case 't' -> out.append('\t');
                    case 'r' -> out.append('\r');
                    case 'u' ->
                    {
                        out.append((char)Integer.parseInt(text.substring(at, at + 4), 16));
                        at += 4;
                    }
                    default -> out.append(c);
                }
            }
            else if (c < 0x20)
            {
                throw error("control character in string");
            }
            else
            {
                out.append(c);
            }
        }
        at++;
        return out.toString();
    }

    private Double number()
    {
        final int start = at;
        while (at < text.length() && "+-0123456789.eE".indexOf(text.charAt(at)) >= 0)
        {
            at++;
        }
        final String literal = text.substring(start, at);
        if (!literal.matches("-?(0|[1-9][0-9]*)(\\.[0-9]+)?([eE][+-]?[0-9]+)?"))
        {
            throw error("bad number '" + literal + "'");
        }
        return Double.valueOf(literal);
    }

    private void expect(final char c)
    {
        if (at >= text.length() || text.charAt(at) != c)
        {
            throw error("expected '" + c + "'");
        }
        at++;
    }

    private void skipSpace()
    {
        while (at < text.length() && Character.isWhitespace(text.charAt(at)))
        {
            at++;
        }
    }

    private IllegalArgumentException error(final String message)
    {
        return new IllegalArgumentException(message + " at " + at);
    }
}
