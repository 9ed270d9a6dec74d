package dev.statesync.bench.runner;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

class JsonReportTest
{
    @Test
    void shouldWriteNonFiniteNumbersAsNullAndWholeNumbersWithoutAFraction()
    {
        assertEquals("null", JsonReport.number(Double.NaN));
        assertEquals("null", JsonReport.number(Double.POSITIVE_INFINITY));
        assertEquals("901", JsonReport.number(901.0));
        assertEquals(0.125, (Double)MiniJson.parse(JsonReport.number(0.125)));
        assertEquals(1.5e-7, (Double)MiniJson.parse(JsonReport.number(1.5e-7)), 1e-12);
        assertEquals(123456.7, (Double)MiniJson.parse(JsonReport.number(123456.7)), 0.1);
    }

    @Test
    void shouldEscapeStringsSoTheyParseBack()
    {
        final String nasty = "a\"b\\c\nd\u0001";
        assertEquals(nasty, MiniJson.parse("\"" + JsonReport.escape(nasty) + "\""));
    }
}
